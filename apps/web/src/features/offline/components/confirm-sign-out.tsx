import { Text } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm-modal';
import type { TFunction } from 'i18next';
import { outboxOf } from '../runtime';

/**
 * Sign-out of a technician with work still on the device (waiting to sync, or refused and not
 * yet read): asks first — signing out discards it. Loaded only when a technician signs out.
 */
export async function confirmTechnicianSignOut(userId: string, t: TFunction, signOut: () => Promise<void>): Promise<void> {
  const outbox = outboxOf(userId);
  await outbox.ready;
  const kept = outbox.snapshot().items.filter((item) => item.state !== 'sent').length;
  if (!kept) {
    await signOut();
    return;
  }
  openConfirmModal({
    title: t('offline.signOutTitle'),
    children: <Text size="sm">{t('offline.signOutBody', { count: kept })}</Text>,
    labels: { confirm: t('offline.signOutConfirm'), cancel: t('common.cancel') },
    confirmProps: { color: 'red', 'data-testid': 'sign-out-discard' } as never,
    onConfirm: () => void signOut(),
  });
}
