import { ThemeIcon } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';

export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <ThemeIcon size={size} radius="md" variant="gradient" gradient={{ from: 'indigo.7', to: 'cyan.5', deg: 135 }} aria-hidden>
      <IconTool size={size * 0.58} stroke={1.8} />
    </ThemeIcon>
  );
}
