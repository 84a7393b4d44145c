import type { TSession } from '@portal/shared';

/** Only a technician's work is kept on the device; everyone else's goes to the server as before. */
export function technicianOf(session: TSession | null): string | null {
  return session && !session.recovery && session.user.role === 'technician' ? session.user.id : null;
}
