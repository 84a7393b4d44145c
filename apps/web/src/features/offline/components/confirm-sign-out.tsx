import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { useOutbox } from '../hooks';

/**
 * Sign-out as the user menu offers it: with work still on the device (waiting to sync, or
 * refused and not yet read), asks first — signing out discards it.
 */
export function useConfirmSignOut(signOut: () => Promise<void>): () => void {
  const { t } = useTranslation();
  const { items } = useOutbox();
  const kept = items.filter((item) => item.state !== 'sent').length;
  return () => {
    if (!kept) {
      void signOut();
      return;
    }
    modals.openConfirmModal({
      title: t('offline.signOutTitle'),
      children: <Text size="sm">{t('offline.signOutBody', { count: kept })}</Text>,
      labels: { confirm: t('offline.signOutConfirm'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'sign-out-discard' } as never,
      onConfirm: () => void signOut(),
    });
  };
}
