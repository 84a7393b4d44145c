import { apiFetch } from '../../../lib/api-client';
import { codeChallenge, generateCodeVerifier, storeCodeVerifier } from '../pkce';
import { paths } from '../../../lib/paths';

/** Asks for a reset mail. This browser keeps the verifier; only it can use the mailed code. */
export async function requestPasswordReset(email: string): Promise<void> {
  const verifier = generateCodeVerifier();
  const challenge = await codeChallenge(verifier);
  storeCodeVerifier(verifier);
  await apiFetch('/api/auth/recover', {
    method: 'POST',
    auth: false,
    body: {
      email: email.trim().toLowerCase(),
      code_challenge: challenge,
      code_challenge_method: 'S256',
      // A path: the server puts it on the portal's public address (never this page's host).
      redirect_to: paths.resetPassword,
    },
  });
}
