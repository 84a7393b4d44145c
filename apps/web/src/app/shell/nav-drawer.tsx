import { Drawer, Group, Text, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BrandMark } from '../../components/brand-mark';
import { usePublicSettings } from '../../lib/public-settings';
import { NavList } from './nav-list';

/**
 * The phone's navigation, sliding in from the start side. A chunk of its own, drawn from the
 * first time the burger is pressed: the first screen does not wait for a drawer it may never open
 * (issue #26).
 */
export default function NavDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const { data: settings } = usePublicSettings();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position={dir === 'rtl' ? 'right' : 'left'}
      size={288}
      hiddenFrom="sm"
      padding="sm"
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      title={
        <Group gap="xs" wrap="nowrap">
          <BrandMark size={30} />
          <Text fw={800} dir="auto">{settings?.company_name ?? t('app.name')}</Text>
        </Group>
      }
      data-testid="nav-drawer"
    >
      <NavList onNavigate={onClose} />
    </Drawer>
  );
}
