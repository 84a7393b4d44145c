import { Anchor, Button, CopyButton, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm-modal';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/ltr';
import { describeError } from '../../../lib/errors';
import { useCurrentUser } from '../../../lib/use-session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { revokeTrackingLink, trackingKeys, useTrackingLink } from '../api/tracking';

/**
 * The request's public tracking link on its page (issue #28): the admin copies it for the
 * customer and may replace it; the customer copies their own to share. Technicians see none.
 */
export function TrackingLinkCard({ requestId }: { requestId: string }) {
  const user = useCurrentUser();
  if (user.role !== 'admin' && user.role !== 'customer') return null;
  return <LinkCard requestId={requestId} admin={user.role === 'admin'} />;
}

function LinkCard({ requestId, admin }: { requestId: string; admin: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const link = useTrackingLink(requestId);
  const revoke = useMutation({
    mutationFn: () => revokeTrackingLink(requestId),
    onSuccess: (fresh) => {
      queryClient.setQueryData(trackingKeys.link(requestId), fresh);
      toastSuccess('tracking.link.revoked');
    },
    onError: (error) => toastError('tracking.link.revokeFailed', describeError(t, error)),
  });
  const confirmRevoke = () =>
    openConfirmModal({
      title: t('tracking.link.revokeTitle'),
      children: <Text size="sm">{t('tracking.link.revokeBody')}</Text>,
      labels: { confirm: t('tracking.link.revoke'), cancel: t('common.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'tracking-link-revoke-confirm' } as never,
      onConfirm: () => revoke.mutate(),
    });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="tracking-link-card">
      <Title order={3} fz="md" mb={4}>
        {t('tracking.link.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t(admin ? 'tracking.link.hintAdmin' : 'tracking.link.hintCustomer')}
      </Text>
      {link.isPending ? (
        <Skeleton h={36} />
      ) : link.isError ? (
        <Text size="sm" c="red">
          {t('tracking.link.loadFailed')}
        </Text>
      ) : (
        <Stack gap="xs">
          <Anchor href={link.data.url} target="_blank" rel="noreferrer" size="sm" style={{ wordBreak: 'break-all' }} data-testid="tracking-link-url">
            <Ltr>{link.data.url}</Ltr>
          </Anchor>
          <Group gap="xs">
            <CopyButton value={link.data.url}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" color={copied ? 'teal' : undefined} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />} onClick={copy} data-testid="tracking-link-copy">
                  {t(copied ? 'tracking.link.copied' : 'tracking.link.copy')}
                </Button>
              )}
            </CopyButton>
            {admin && (
              <Button size="xs" variant="subtle" color="red" leftSection={<IconRefresh size={14} />} loading={revoke.isPending} onClick={confirmRevoke} data-testid="tracking-link-revoke">
                {t('tracking.link.revoke')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
