import type { ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * A list page's modal that creates a record (`editing` is 'new') or edits one in a form; closed
 * while `editing` is null, and full screen on a phone. `children` gets the record (null when new).
 */
export function RecordFormModal<T>({
  editing,
  onClose,
  title,
  children,
}: {
  editing: T | 'new' | null;
  onClose: () => void;
  title: string;
  children: (record: T | null) => ReactNode;
}) {
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  return (
    <Modal opened={editing !== null} onClose={onClose} title={title} size="lg" fullScreen={!!phone}>
      {editing !== null && children(editing === 'new' ? null : editing)}
    </Modal>
  );
}
