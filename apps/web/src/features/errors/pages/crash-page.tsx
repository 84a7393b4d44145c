import { Button, Center } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from '../../../components/status-panel';

/** The router's error element: an unexpected error (or a page's code that failed to load). */
export function CrashPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Center mih="100dvh" p="md">
      <StatusPanel
        testId="crash"
        icon={IconAlertTriangle}
        color="red"
        title={t('errorPages.crashTitle')}
        body={t('errorPages.crashBody')}
        action={
          <Button color="red" variant="light" onClick={() => window.location.reload()}>
            {t('errorPages.reload')}
          </Button>
        }
      />
    </Center>
  );
}
