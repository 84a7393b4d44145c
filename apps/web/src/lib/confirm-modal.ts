import { useSyncExternalStore } from 'react';
import { modals } from '@mantine/modals';

type ConfirmModalProps = Parameters<typeof modals.openConfirmModal>[0];

// Confirm dialogs are drawn by Mantine's ModalsProvider (Modal, its scroll lock, focus trap and
// transitions), which app/providers.tsx mounts as a chunk of its own only from the first dialog
// on, not with every signed-in first screen (issue #26). The first dialog waits for it; the
// provider hears `modals.openConfirmModal` through window events, so it must be listening first.
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Opens a confirm dialog (the one way to): at once, or as soon as the dialogs' code is here. */
export function openConfirmModal(props: ConfirmModalProps): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void mounted.then(() => modals.openConfirmModal(props));
}

/** Whether a dialog has been asked for: the provider is mounted from then on. */
export function useModalsHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

/** Called by the provider's host once it listens. */
export function modalsHostMounted(): void {
  markMounted();
}
