import { Paper, SegmentedControl, Stack, Text, Title, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/shared';
import { changeLanguage } from '../../../components/language-switch';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/use-session';
import { EmailPreferencesCard } from '../components/email-preferences-card';

function Option({ icon: Icon, label }: { icon: typeof IconSun; label: string }) {
  return (
    <Stack gap={2} align="center" py={4}>
      <Icon size={18} />
      <span>{label}</span>
    </Stack>
  );
}

export function PreferencesPage() {
  const { t, i18n } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // The e-mails are about a customer's own requests (issue #28): staff get none to choose.
  const customer = useCurrentUser().role === 'customer';
  return (
    <>
      <PageHeader title={t('preferences.title')} subtitle={t('preferences.subtitle')} />
      <Stack gap="lg" maw={640}>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={3} fz="lg">
            {t('preferences.languageTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('preferences.languageHint')}
          </Text>
          <SegmentedControl
            fullWidth
            value={currentLanguage(i18n)}
            onChange={(value) => void changeLanguage(i18n, value as Language)}
            data={[
              { value: 'ar', label: <span lang="ar">{t('language.ar')}</span> },
              { value: 'en', label: <span lang="en">{t('language.en')}</span> },
            ]}
            data-testid="preferences-language"
          />
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
          <Title order={3} fz="lg">
            {t('preferences.colorSchemeTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t('preferences.colorSchemeHint')}
          </Text>
          <SegmentedControl
            fullWidth
            value={colorScheme}
            onChange={(value) => setColorScheme(value as MantineColorScheme)}
            data={[
              { value: 'light', label: <Option icon={IconSun} label={t('preferences.light')} /> },
              { value: 'dark', label: <Option icon={IconMoon} label={t('preferences.dark')} /> },
              { value: 'auto', label: <Option icon={IconDeviceDesktop} label={t('preferences.auto')} /> },
            ]}
            data-testid="preferences-color-scheme"
          />
        </Paper>
        {customer && <EmailPreferencesCard />}
      </Stack>
    </>
  );
}

export default PreferencesPage;
