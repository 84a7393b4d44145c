import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../components/page-loader';
import { hasPageMessages, loadPageMessages } from '../../lib/i18n';

const RETRY_MS = 2_000;

/**
 * True once the messages beyond the sign-in screens' are here. The tracking pages are public but
 * speak of statuses and service locations (the `serviceRequests` and `tracking` groups), which
 * the public part leaves out (apps/web/locale-parts.ts); they load the rest, as a signed-in page would.
 */
function useTrackingMessages(): boolean {
  const { i18n, ready: languageReady } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const ready = languageReady && hasPageMessages(i18n);
  useEffect(() => {
    if (ready) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadPageMessages(i18n).then(
      () => live && setAttempt((n) => n + 1),
      () => {
        retry = setTimeout(() => live && setAttempt((n) => n + 1), RETRY_MS);
      },
    );
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [ready, i18n, attempt]);
  return ready;
}

/** Draws `children` once the messages are here (a page's own t() does not re-render when they arrive). */
export function WithTrackingMessages({ children }: { children: ReactNode }) {
  return useTrackingMessages() ? children : <PageLoader fullScreen />;
}
