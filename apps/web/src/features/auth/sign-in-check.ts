import { ZPasswordGrant } from '@portal/shared';
import { zodFieldErrors } from '../../lib/form-validation';

/**
 * The sign-in form's checks: the server's own schema. The login page imports this on submit,
 * so zod and the shared schemas are not part of the first screen's download.
 */
export function signInFieldErrors(values: { email: string; password: string }): Record<string, string> {
  return zodFieldErrors(ZPasswordGrant, values);
}
