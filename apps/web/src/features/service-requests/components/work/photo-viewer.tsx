import { Image, Modal } from '@mantine/core';
import type { TAttachment } from '@portal/shared';
import { useAttachmentUrl } from '../../../../lib/attachment-url';

/** The full-size image of the tile opened, fetched only while shown. */
export function PhotoViewer({ attachment, onClose }: { attachment: TAttachment | null; onClose: () => void }) {
  const { url } = useAttachmentUrl(attachment?.url);
  return (
    <Modal opened={attachment !== null} onClose={onClose} centered size="xl">
      {url && <Image src={url} alt="" fit="contain" mah="75vh" />}
    </Modal>
  );
}
