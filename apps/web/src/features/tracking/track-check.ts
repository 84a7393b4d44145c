import { ZTrackRequest, type TTrackRequest } from '@portal/shared';
import { zodFieldErrors } from '../../lib/form-validation';

/** The tracking form's checks: the server's own schema, loaded with the page. */
export function trackFieldErrors(values: TTrackRequest): Record<string, string> {
  return zodFieldErrors(ZTrackRequest, values);
}
