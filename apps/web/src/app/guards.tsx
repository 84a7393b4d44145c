import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { isRole } from '@portal/shared';
import { PageLoader } from '../components/page-loader';
import { holdsAll, type Requirement } from '../lib/navigation';
import { getLastSignOutReason } from '../lib/session-store';
import { useCurrentUser, useSession } from '../lib/use-session';
import { NotAllowedPage } from '../features/errors';
import { LeaveForSignIn, leaveNotice, signInUrl, signOut } from '../features/auth';
import { paths, safeRedirect } from '../lib/paths';
import { hasSignedInMessages, loadSignedInMessages } from '../lib/i18n';

function UnknownRole() {
  useEffect(() => {
    // Signed out, RequireAuth sends the visitor to the sign-in page, which says why.
    leaveNotice('sign-in', { kind: 'error', title: 'toast.authFailed' });
    void signOut();
  }, []);
  return <PageLoader fullScreen />;
}

/** How long to wait before asking again for the signed-in messages when the network failed. */
const SIGNED_IN_MESSAGES_RETRY_MS = 2_000;

/** True once the signed-in screens' messages of the current language are here (lib/i18n.ts). */
function useSignedInMessages(wanted: boolean): boolean {
  const { i18n, ready: languageReady } = useTranslation();
  // Bumped when a load ends: a success re-renders with the messages, a failure (offline) tries again.
  const [attempt, setAttempt] = useState(0);
  const ready = languageReady && hasSignedInMessages(i18n);
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadSignedInMessages(i18n).then(
      () => live && setAttempt((n) => n + 1),
      () => {
        retry = setTimeout(() => live && setAttempt((n) => n + 1), SIGNED_IN_MESSAGES_RETRY_MS);
      },
    );
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [wanted, ready, i18n, attempt]);
  return ready;
}

/** Signed-in pages: others go to /login and come back here after signing in. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  const messagesReady = useSignedInMessages(Boolean(session));
  if (!session) {
    const asked = `${location.pathname}${location.search}`;
    const target =
      getLastSignOutReason() === 'user' || asked === '/' ? signInUrl() : signInUrl(asked);
    return <LeaveForSignIn to={target} />;
  }
  // A recovery session may only set a new password.
  if (session.recovery) return <Navigate to={paths.resetPassword} replace />;
  if (!isRole(session.user.role)) return <UnknownRole />;
  if (!messagesReady) return <PageLoader fullScreen />;
  return <Outlet />;
}

/**
 * Sign-in pages: a signed-in user goes on to `?redirect=` or `/`. With `allowRecovery`
 * (/reset-password) a mailed code or a recovery session is let through.
 */
export function PublicOnly({ allowRecovery = false }: { allowRecovery?: boolean }) {
  const session = useSession();
  const [params] = useSearchParams();
  if (session && !(allowRecovery && (session.recovery || params.has('code')))) {
    if (!session.recovery) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  }
  return <Outlet />;
}

/** A page the role may not use says so (and the server refuses its calls anyway). */
export function RequireCapability({ requires, children }: { requires: readonly Requirement[]; children: ReactNode }) {
  const user = useCurrentUser();
  return holdsAll(user.role, requires) ? children : <NotAllowedPage />;
}
