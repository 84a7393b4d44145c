import { useState, type ReactNode } from 'react';
import { Menu, Modal, Text } from '@mantine/core';
import { openConfirmModal } from '../lib/confirm-modal';
import { IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../lib/errors';
import { toastError, toastSuccess } from '../lib/toast';
import { OpenWorkList, openWorkOf } from './open-work-list';

/** A record that is deactivated and reactivated rather than deleted. */
interface Deactivatable {
  id: string;
  name: string;
  active: boolean;
}

/** Saves `{ active }` on a record: a mutation's `mutate`. */
type SaveActive = (change: { id: string; body: { active: boolean } }, callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;

/**
 * Deactivating or reactivating a supplier or a warehouse: asks first, then saves and says so.
 * The words are the locale section's (`suppliers.deactivate`, `….deactivateBody`, `….saved`, …).
 */
export function useActiveToggle(section: 'suppliers' | 'warehouses', save: SaveActive): (record: Deactivatable) => void {
  const { t } = useTranslation();
  return (record) =>
    openConfirmModal({
      title: record.active ? t(`${section}.deactivate`) : t(`${section}.reactivate`),
      children: <Text size="sm">{t(record.active ? `${section}.deactivateBody` : `${section}.reactivateBody`, { name: record.name })}</Text>,
      labels: { confirm: record.active ? t(`${section}.deactivate`) : t(`${section}.reactivate`), cancel: t('common.cancel') },
      onConfirm: () =>
        save(
          { id: record.id, body: { active: !record.active } },
          { onSuccess: () => toastSuccess(`${section}.saved`), onError: (error) => toastError(`${section}.saveFailed`, describeError(t, error)) },
        ),
    });
}

/**
 * Deactivating or reactivating a sign-in account (a user, a technician): asks first (deactivating
 * in red), then saves and says so. The server refuses to deactivate a technician who still has
 * open work: `refusalModal` then lists that work. It is a modal of the page, not a modals.open
 * one, so that its links are inside the router. Words from the locale section (`users.…`).
 */
export function useAccountActiveToggle(
  section: 'users' | 'technicians',
  save: SaveActive,
  confirmTestId: string,
): { toggle: (account: Deactivatable) => void; refusalModal: ReactNode } {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<{ name: string; work: NonNullable<ReturnType<typeof openWorkOf>> } | null>(null);

  const toggle = (account: Deactivatable) =>
    openConfirmModal({
      title: account.active ? t(`${section}.deactivateTitle`) : t(`${section}.reactivateTitle`),
      children: <Text size="sm">{account.active ? t(`${section}.deactivateBody`, { name: account.name }) : t(`${section}.reactivateBody`, { name: account.name })}</Text>,
      labels: { confirm: account.active ? t(`${section}.deactivate`) : t(`${section}.reactivate`), cancel: t('common.cancel') },
      confirmProps: { color: account.active ? 'red' : 'teal', 'data-testid': confirmTestId } as never,
      onConfirm: () =>
        save(
          { id: account.id, body: { active: !account.active } },
          {
            onSuccess: () => toastSuccess(account.active ? `${section}.deactivated` : `${section}.reactivated`, undefined, { name: account.name }),
            onError: (error) => {
              const work = openWorkOf(error);
              if (work) setRefusal({ name: account.name, work });
              else toastError(`${section}.saveFailed`, describeError(t, error));
            },
          },
        ),
    });

  const refusalModal = (
    <Modal opened={refusal !== null} onClose={() => setRefusal(null)} title={refusal ? t(`${section}.cannotDeactivate`, { name: refusal.name }) : ''} data-testid="open-work-modal">
      {refusal && <OpenWorkList work={refusal.work} />}
    </Modal>
  );
  return { toggle, refusalModal };
}

/** An account row's menu item that deactivates it (in red) or reactivates it; `children` words which. */
export function AccountActiveMenuItem({ active, onClick, testId, children }: { active: boolean; onClick: () => void; testId: string; children: ReactNode }) {
  return (
    <Menu.Item color={active ? 'red' : 'teal'} leftSection={active ? <IconUserOff size={16} /> : <IconUserCheck size={16} />} onClick={onClick} data-testid={testId}>
      {children}
    </Menu.Item>
  );
}
