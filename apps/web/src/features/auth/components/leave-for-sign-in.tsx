import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { replacePage } from '../../../lib/page-load';
import { paths } from '../../../lib/paths';

/** True when this document itself was loaded at /login: the server did not send its sign-in page. */
function documentIsSignInAddress(): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  return entry ? new URL(entry.name).pathname === paths.login : false;
}

/**
 * The sign-in page is not part of the app (decision 019): reaching it — /login followed inside
 * the app, or a signed-out visitor sent there — is a full page load. `to` is the sign-in page's
 * address with its query (lib: sign-in-handoff.ts, signInUrl); without it, the current address.
 */
export function LeaveForSignIn({ to }: { to?: string }) {
  const location = useLocation();
  const target = to ?? `${location.pathname}${location.search}`;
  // Loaded here already, the app would only load itself again: a server without the page.
  const stuck = !to && documentIsSignInAddress();
  useEffect(() => {
    if (!stuck) replacePage(target);
  }, [target, stuck]);
  if (stuck) throw new Error('The server did not send the sign-in page for /login');
  return <PageLoader fullScreen />;
}

