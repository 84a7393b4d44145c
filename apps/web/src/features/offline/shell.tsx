import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/use-session';
import { technicianOf } from './technician';

/**
 * What the app's shell (header, user menu) shows of the offline work. The shell is in every
 * role's first load, so nothing here imports the outbox: a technician's badge and sign-out check
 * load it on demand, and other roles never do (issue #26's first-load budget).
 */

const OutboxBadge = lazy(() => import('./components/outbox-badge').then((m) => ({ default: m.OutboxBadge })));

/** The header's count of a technician's actions waiting to sync; nothing for other roles. */
export function TechnicianOutboxBadge({ onUnauthorized }: { onUnauthorized?: () => Promise<boolean> }) {
  const technician = technicianOf(useSession());
  if (!technician) return null;
  return (
    <Suspense fallback={null}>
      <OutboxBadge onUnauthorized={onUnauthorized} />
    </Suspense>
  );
}

/** Sign-out as the user menu offers it: a technician with work still on the device is asked first. */
export function useConfirmSignOut(signOut: () => Promise<void>): () => void {
  const { t } = useTranslation();
  const technician = technicianOf(useSession());
  return () => {
    if (!technician) {
      void signOut();
      return;
    }
    void import('./components/confirm-sign-out').then((m) => m.confirmTechnicianSignOut(technician, t, signOut));
  };
}
