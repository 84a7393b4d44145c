import { INVITATION_TTL_DAYS } from '@portal/shared';
import type { DbOrTx } from '../../db/client.js';
import { pkceChallenge, randomToken, sha256 } from './crypto.js';
import { insertRecoveryCode } from './queries.js';

/**
 * A welcome link for an account an admin created (docs/decisions/005-welcome-invitation.md):
 * a one-time recovery code like the ones "forgot password" mails, except that no browser asked
 * for it, so the server makes the PKCE verifier itself and puts it in the link's fragment (never
 * sent to a server, so it stays out of logs and Referer headers). The reset-password page
 * exchanges it through the ordinary PKCE grant for a recovery session that may only set a password.
 */
export async function issueInvitation(tx: DbOrTx, userId: string): Promise<{ code: string; verifier: string }> {
  const code = randomToken();
  const verifier = randomToken(48);
  await insertRecoveryCode(tx, {
    userId,
    codeHash: sha256(code),
    codeChallenge: pkceChallenge(verifier),
    expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
  });
  return { code, verifier };
}

/** `<origin>/reset-password?code=…&welcome=1#verifier=…` */
export function invitationLink(origin: string, invitation: { code: string; verifier: string }): string {
  const url = new URL('/reset-password', origin);
  url.searchParams.set('code', invitation.code);
  url.searchParams.set('welcome', '1');
  url.hash = `verifier=${invitation.verifier}`;
  return url.toString();
}
