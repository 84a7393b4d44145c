import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../../../components/status-panel';
import { paths } from '../../../lib/paths';

export function NotAllowedPage() {
  const { t } = useTranslation();
  return (
    <StatusPanel
      testId="not-allowed"
      icon={IconLock}
      color="orange"
      code={t('errorPages.notAllowedCode')}
      title={t('errorPages.notAllowedTitle')}
      body={t('errorPages.notAllowedBody')}
      action={
        <Button component={Link} to={paths.dashboard} variant="light" color="orange">
          {t('common.goToDashboard')}
        </Button>
      }
    />
  );
}
