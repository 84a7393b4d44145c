import type { ReactNode } from 'react';
import { Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/brand-mark';
import { LanguageSwitch } from '../../../components/language-switch';
import { usePublicSettings } from '../../../lib/public-settings';

/** The public tracking pages' frame: the company, the language switch, one narrow column (phone first). */
export function TrackingLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: settings } = usePublicSettings();
  const company = settings?.company_name ?? t('app.name');
  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)">
      <Container size={640} px="md" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <BrandMark size={34} />
            <Text fw={800} dir="auto" truncate>
              {company}
            </Text>
          </Group>
          <LanguageSwitch variant="default" />
        </Group>
      </Container>
      <Container component="main" size={640} px="md" pb="xl">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {t('tracking.title')}
            </Title>
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
