import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { modalsHostMounted } from '../lib/confirm-modal';

/**
 * Mantine's dialogs provider, as a chunk of its own (providers.tsx mounts it from the first
 * dialog asked for). A module of ours rather than `import('@mantine/modals')`: a dynamic import of
 * the package's index would hold its whole namespace, and the bundler then put the provider, with
 * Modal, in the chunk every first screen loads for the small `modals` events API.
 */
export default function ModalsHost() {
  // The provider's own effects (its window listeners) have run when this one runs.
  useEffect(modalsHostMounted, []);
  return <ModalsProvider />;
}
