import { Image, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TAttachment } from '@portal/shared';
import { useAttachmentUrl } from '../../../../lib/attachment-url';

/** A photo or signature of the request as a small tile; a tap opens it full size. */
export function PhotoThumb({ attachment, onOpen }: { attachment: TAttachment; onOpen: () => void }) {
  const { t } = useTranslation();
  const { url, failed } = useAttachmentUrl(attachment.thumb_url);
  return (
    <Paper withBorder radius="sm" p={4} component="button" type="button" onClick={onOpen} style={{ cursor: 'zoom-in', background: 'none' }} data-testid="work-photo">
      {url ? (
        <Image src={url} alt={attachment.caption ?? t(`work.photos.kind.${attachment.kind}`)} h={96} w="100%" fit={attachment.kind === 'photo' ? 'cover' : 'contain'} radius="xs" />
      ) : (
        <Text size="xs" c="dimmed" h={96}>
          {failed ? t('work.photos.failed') : '…'}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt={2} lineClamp={1} dir="auto">
        {attachment.caption ?? t(`work.photos.kind.${attachment.kind}`)}
      </Text>
    </Paper>
  );
}
