import { Alert, Button, Group, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { describeError } from '../../../lib/errors';
import { useAdminSettings } from '../api/get-settings';
import { SettingsForm } from '../components/settings-form';
import { SettingsTools } from '../components/settings-tools';

/** Company, booking, SLA targets, service and fault types, inventory; then the other settings screens. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  return (
    <>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      {settings.isPending ? (
        <PageLoader />
      ) : settings.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="settings-load-error">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{describeError(t, settings.error)}</Text>
            <Button size="xs" variant="light" onClick={() => void settings.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <SettingsForm data={settings.data} />
      )}
      <Title order={3} fz="lg" mt="xl" mb="sm">
        {t('settings.form.sections.tools')}
      </Title>
      <SettingsTools />
    </>
  );
}

export default SettingsPage;
