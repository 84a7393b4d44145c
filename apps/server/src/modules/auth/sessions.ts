import type { DbOrTx } from '../../db/client.js';
import { publish } from '../realtime/index.js';
import { markSessionRevoked, markUserSessionsRevoked } from './queries.js';

/**
 * Tells every instance, on commit, that these users' role, profile or active flag changed, so
 * none of them keeps serving what it cached of them. Call it in the transaction that changes them.
 */
export async function publishUsersChanged(tx: DbOrTx, userIds: string[]) {
  if (userIds.length) await publish(tx, { topic: '_users', event: 'changed', userIds });
}

/** Revokes a session; its open realtime sockets, on every instance, are closed on commit. */
export async function revokeSession(db: DbOrTx, sessionId: string, reason: string) {
  const sessionIds = await markSessionRevoked(db, sessionId, reason);
  if (sessionIds.length) await publish(db, { topic: '_sessions', event: 'revoked', sessionIds });
}

/** Revokes every live session of a user, except `keep` when given. */
export async function revokeUserSessions(db: DbOrTx, userId: string, reason: string, keep?: string) {
  const sessionIds = await markUserSessionsRevoked(db, userId, reason, keep);
  if (sessionIds.length) await publish(db, { topic: '_sessions', event: 'revoked', sessionIds });
}
