import { Box, ThemeIcon } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { usePublicSettings } from '../lib/public-settings';

/** The company logo from the settings when there is one, else the portal's mark. */
export function BrandMark({ size = 36 }: { size?: number }) {
  const { data: settings } = usePublicSettings();
  if (settings?.logo_url) {
    return (
      <Box component="img" src={settings.logo_url} alt="" aria-hidden w={size} h={size} style={{ objectFit: 'contain', flex: 'none', borderRadius: 'var(--mantine-radius-sm)' }} data-testid="brand-logo" />
    );
  }
  return (
    <ThemeIcon size={size} radius="md" variant="gradient" gradient={{ from: 'indigo.7', to: 'cyan.5', deg: 135 }} aria-hidden>
      <IconTool size={size * 0.58} stroke={1.8} />
    </ThemeIcon>
  );
}
