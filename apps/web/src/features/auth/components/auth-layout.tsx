import type { ReactNode } from 'react';
import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconHeadset, IconProgressCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../../components/brand-mark';
import { LanguageSwitch } from '../../../components/language-switch';
import { usePublicSettings } from '../../../lib/public-settings';
import classes from './auth-layout.module.css';
import './auth-frame.css';

const HIGHLIGHTS = [
  { icon: IconCalendarCheck, key: 'app.highlights.book' },
  { icon: IconProgressCheck, key: 'app.highlights.track' },
  { icon: IconHeadset, key: 'app.highlights.support' },
] as const;

/** The branded frame of the sign-in screens: a brand panel beside the form on wide screens. */
export function AuthLayout({
  title,
  subtitle,
  children,
  below,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  below?: ReactNode;
}) {
  const { t } = useTranslation();
  const { data: settings } = usePublicSettings();
  const company = settings?.company_name ?? t('app.name');
  return (
    <Box className="auth-root">
      <Box className="auth-brand">
        <Group gap="sm" style={{ position: 'relative', zIndex: 1 }}>
          <BrandMark size={44} />
          <Text fw={800} fz={22} dir="auto">
            {company}
          </Text>
        </Group>
        <Stack gap="xl" maw={440} style={{ position: 'relative', zIndex: 1 }}>
          <Title order={1} fz={34} lh={1.3} c="white">
            {t('app.tagline')}
          </Title>
          <Stack gap="md">
            {HIGHLIGHTS.map(({ icon: Icon, key }) => (
              <div key={key} className="auth-highlight">
                <span className="auth-highlight-icon">
                  <Icon size={22} stroke={1.7} />
                </span>
                <Text fz="md" c="rgba(255,255,255,0.92)">
                  {t(key)}
                </Text>
              </div>
            ))}
          </Stack>
        </Stack>
        <Text size="sm" c="rgba(255,255,255,0.7)" style={{ position: 'relative', zIndex: 1 }}>
          © {new Date().getFullYear()} <bdi>{company}</bdi>
        </Text>
      </Box>

      {/* The page's main landmark: the form (the brand panel beside it is decoration). */}
      <Box component="main" className={classes.side} pos="relative">
        <div className="auth-band" aria-hidden />
        <Group justify="space-between" pos="relative" style={{ zIndex: 1 }}>
          <Group gap="xs" hiddenFrom="md">
            <BrandMark size={34} />
            <Text fw={800} c="white" dir="auto">
              {company}
            </Text>
          </Group>
          <Box ms="auto">
            <LanguageSwitch variant="default" />
          </Box>
        </Group>
        <Center style={{ flex: 1, zIndex: 1 }} pos="relative" py="xl">
          <Stack className={classes.card} gap="md">
            <Paper withBorder shadow="md" p={{ base: 'lg', sm: 32 }}>
              <Stack gap={4} mb="lg">
                <Title order={2} fz={{ base: 24, sm: 28 }}>
                  {title}
                </Title>
                {subtitle && <Text c="dimmed">{subtitle}</Text>}
              </Stack>
              {children}
            </Paper>
            {below}
          </Stack>
        </Center>
      </Box>
    </Box>
  );
}
