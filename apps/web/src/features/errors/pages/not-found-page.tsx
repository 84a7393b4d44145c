import { Box, Button, Center, Group } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/brand-mark';
import { StatusPanel } from '../../../components/status-panel';
import { LanguageSwitch } from '../../../components/language-switch';
import classes from './not-found-page.module.css';
import { paths } from '../../../lib/paths';

/** `inShell`: inside the dashboard, below its header and sidebar; else a page of its own. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation();
  const panel = (
    <StatusPanel
      testId="not-found"
      icon={IconMapQuestion}
      color="indigo"
      code={t('errorPages.notFoundCode')}
      title={t('errorPages.notFoundTitle')}
      body={t('errorPages.notFoundBody')}
      action={
        <Button component={Link} to={inShell ? paths.dashboard : paths.landing} variant="light">
          {inShell ? t('common.goToDashboard') : t('common.goHome')}
        </Button>
      }
    />
  );
  if (inShell) return panel;
  return (
    <Box className={classes.page}>
      <Group justify="space-between">
        <Link to={paths.landing} aria-label={t('common.goHome')}>
          <BrandMark size={36} />
        </Link>
        <LanguageSwitch variant="default" />
      </Group>
      <Center mih="80dvh">{panel}</Center>
    </Box>
  );
}
