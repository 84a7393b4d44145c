import { useState } from 'react';
import { Button, FileButton, SimpleGrid, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type TAttachment, type TServiceRequest } from '@portal/shared';
import { toastSuccess } from '../../../../lib/toast';
import { isQueuedId, QueuedPhotoThumb } from '../../../offline';
import { useWorkCall } from '../../api/work';
import { WorkBlock } from './work-block';
import { WorkErrorLine } from './work-error-line';
import { PhotoThumb } from './photo-thumb';
import { PhotoViewer } from './photo-viewer';

export function Photos({ request }: { request: TServiceRequest }) {
  const { t } = useTranslation();
  const call = useWorkCall(request.id);
  const [open, setOpen] = useState<TAttachment | null>(null);
  const upload = (file: File | null) => {
    if (!file) return;
    call.mutate({ path: 'attachments', photo: file }, { onSuccess: (result) => toastSuccess(result.queued ? 'offline.savedOnDevice' : 'work.photos.added') });
  };
  const shown = request.work.attachments;
  return (
    <WorkBlock
      title={t('work.photos.title')}
      testId="work-photos"
      action={
        request.work_actions.add_photos && (
          <FileButton onChange={upload} accept="image/*" inputProps={{ capture: 'environment', 'data-testid': 'work-photo-input' } as never}>
            {(props) => (
              <Button {...props} size="sm" variant="light" leftSection={<IconCamera size={16} />} loading={call.isPending} data-testid="work-photo-add">
                {t('work.photos.add')}
              </Button>
            )}
          </FileButton>
        )
      }
    >
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('work.photos.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs">
          {shown.map((a) =>
            isQueuedId(a.id) ? <QueuedPhotoThumb key={a.id} requestId={request.id} attachment={a} /> : <PhotoThumb key={a.id} attachment={a} onOpen={() => setOpen(a)} />,
          )}
        </SimpleGrid>
      )}
      <WorkErrorLine error={call.error} />
      <PhotoViewer attachment={open} onClose={() => setOpen(null)} />
    </WorkBlock>
  );
}
