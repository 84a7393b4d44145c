import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm-modal';
import { IconCheck, IconPackageImport, IconX, IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZRejectTransferRequest, type TransferAction, type TTransfer } from '@portal/shared';
import { zodFieldErrors } from '../../../lib/form-validation';
import { translateFieldError } from '../../../lib/errors';
import { toastSuccess } from '../../../lib/toast';
import { useApproveTransfer } from '../api/approve-transfer';
import { useCancelTransfer } from '../api/cancel-transfer';
import { useReceiveTransfer } from '../api/receive-transfer';
import { useRejectTransfer } from '../api/reject-transfer';

/**
 * Exactly the actions the server says the caller may take now (`allowed_actions`): no role
 * check here. A refusal is reported through `onError` (the page shows it and refetches).
 */
export function TransferActions({ transfer, onError }: { transfer: TTransfer; onError: (error: unknown) => void }) {
  const { t } = useTranslation();
  const approve = useApproveTransfer(transfer.id);
  const reject = useRejectTransfer(transfer.id);
  const cancel = useCancelTransfer(transfer.id);
  const receive = useReceiveTransfer(transfer.id);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const allowed = new Set<TransferAction>(transfer.allowed_actions);
  const busy = approve.isPending || reject.isPending || cancel.isPending || receive.isPending;
  const done = (key: string) => () => toastSuccess(key, undefined, { number: transfer.number });

  const confirmCancel = () =>
    openConfirmModal({
      title: t('transfers.actions.cancelTitle', { number: transfer.number }),
      children: <Text size="sm">{t('transfers.actions.cancelBody')}</Text>,
      labels: { confirm: t('transfers.actions.cancelConfirm'), cancel: t('transfers.actions.keep') },
      confirmProps: { color: 'red', 'data-testid': 'transfer-cancel-confirm' } as Record<string, string>,
      onConfirm: () => cancel.mutate(undefined, { onSuccess: done('transfers.actions.cancelled'), onError }),
    });

  const submitReject = () => {
    const code = zodFieldErrors(ZRejectTransferRequest, { reason }).reason;
    if (code) {
      setReasonError(code);
      return;
    }
    reject.mutate(ZRejectTransferRequest.parse({ reason }), {
      onSuccess: () => {
        setRejecting(false);
        setReason('');
        done('transfers.actions.rejected')();
      },
      onError: (error) => {
        setRejecting(false);
        onError(error);
      },
    });
  };

  if (allowed.size === 0) return null;
  return (
    <>
      <Group gap="sm" data-testid="transfer-actions">
        {allowed.has('approve') && (
          <Button
            color="teal"
            leftSection={<IconCheck size={16} />}
            loading={approve.isPending}
            disabled={busy}
            onClick={() => approve.mutate(undefined, { onSuccess: done('transfers.actions.approved'), onError })}
            data-testid="transfer-approve"
          >
            {t('transfers.actions.approve')}
          </Button>
        )}
        {allowed.has('receive') && (
          <Button
            color="teal"
            leftSection={<IconPackageImport size={16} />}
            loading={receive.isPending}
            disabled={busy}
            onClick={() => receive.mutate(undefined, { onSuccess: done('transfers.actions.received'), onError })}
            data-testid="transfer-receive"
          >
            {t('transfers.actions.receive')}
          </Button>
        )}
        {allowed.has('reject') && (
          <Button color="red" variant="light" leftSection={<IconX size={16} />} disabled={busy} onClick={() => setRejecting(true)} data-testid="transfer-reject">
            {t('transfers.actions.reject')}
          </Button>
        )}
        {allowed.has('cancel') && (
          <Button color="gray" variant="light" leftSection={<IconBan size={16} />} loading={cancel.isPending} disabled={busy} onClick={confirmCancel} data-testid="transfer-cancel">
            {t('transfers.actions.cancel')}
          </Button>
        )}
      </Group>

      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('transfers.actions.rejectTitle', { number: transfer.number })} centered>
        <Stack gap="md">
          <Textarea
            label={t('transfers.fields.rejectionReason')}
            description={t('transfers.actions.rejectHint')}
            required
            autosize
            minRows={3}
            maxLength={1000}
            dir="auto"
            data-autofocus
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(undefined);
            }}
            error={translateFieldError(t, reasonError)}
            data-testid="transfer-reject-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={reject.isPending} onClick={submitReject} data-testid="transfer-reject-confirm">
              {t('transfers.actions.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
