import { useEffect, useState } from 'react';
import { Group, Image, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAttachment } from '@portal/shared';
import { useSession } from '../../../lib/use-session';
import { itemIdOf } from '../overlay';
import { outboxOf, technicianOf } from '../runtime';
import { QueuedMark } from './queued-mark';

/** The image of a queued photo (its Blob in the outbox) or signature (a data URL), as an object URL while shown. */
function useQueuedImage(attachment: TAttachment): string | null {
  const userId = technicianOf(useSession());
  const [url, setUrl] = useState<string | null>(attachment.thumb_url.startsWith('data:') ? attachment.thumb_url : null);
  useEffect(() => {
    if (attachment.thumb_url.startsWith('data:') || !userId) return;
    let objectUrl: string | null = null;
    let live = true;
    void outboxOf(userId)
      .blob(itemIdOf(attachment.id))
      .then((blob) => {
        if (!blob || !live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [attachment.id, attachment.thumb_url, userId]);
  return url;
}

/** A photo or signature taken on the device and not yet on the server: the tile of photo-thumb.tsx, marked. */
export function QueuedPhotoThumb({ requestId, attachment }: { requestId: string; attachment: TAttachment }) {
  const { t } = useTranslation();
  const url = useQueuedImage(attachment);
  const label = t(`work.photos.kind.${attachment.kind}`);
  return (
    <Paper withBorder radius="sm" p={4} data-testid="work-photo" data-queued="true">
      {url ? (
        <Image src={url} alt={label} h={96} w="100%" fit={attachment.kind === 'photo' ? 'cover' : 'contain'} radius="xs" />
      ) : (
        <Text size="xs" c="dimmed" h={96}>
          …
        </Text>
      )}
      <Group gap={4} mt={2} wrap="nowrap" justify="space-between">
        <Text size="xs" c="dimmed" lineClamp={1}>
          {label}
        </Text>
        <QueuedMark requestId={requestId} id={attachment.id} />
      </Group>
    </Paper>
  );
}
