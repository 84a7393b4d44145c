import { feedbackAllowed, type TFeedbackRequest } from '@portal/shared';
import type { Tx } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { notify } from '../notifications/index.js';
import { link, publishChange } from './announce.js';
import { actorOf, facts, isStaff, type RequestCaller } from './caller.js';
import { activeAdmins, lockRequest, saveFeedback, visibilityOf } from './queries.js';
import { signaturePng, storeSignature } from './signatures.js';

/**
 * The customer's feedback on their own completed request, once: rating, text and the signature
 * image (a PNG, stored as an attachment). Notifies the technician and the admins.
 */
export async function giveFeedback(tx: Tx, caller: RequestCaller, id: string, body: TFeedbackRequest): Promise<{ id: string }> {
  const row = await lockRequest(tx, id, caller.userId, visibilityOf(caller));
  if (!row) throw notFound('Service request');
  if (!feedbackAllowed({ ...facts(row), has_feedback: row.has_feedback }, actorOf(caller))) {
    if (row.has_feedback) throw conflict('feedback_given', `Feedback on ${row.number} was already given`);
    if (row.status !== 'completed') {
      throw new AppError(409, 'invalid_state', `${row.number} is ${row.status}: feedback is given on a completed request`, { details: { status: row.status } });
    }
    throw forbidden('Only the customer gives feedback on their request');
  }
  // Signed already on the technician's device at completion: a new signature is optional and replaces it.
  if (body.signature) await storeSignature(tx, id, 'customer_signature', signaturePng(body.signature, 'signature'), caller.userId);
  else if (!row.has_customer_signature) throw badRequest({ signature: 'required' });
  await saveFeedback(tx, id, body);
  if (isStaff(caller)) {
    await audit(tx, { actorId: caller.userId, action: 'service_request.feedback', entity: 'service_request', entityId: id, after: { rating: body.rating }, ip: caller.ip });
  }
  const recipients = [row.technician_id, ...(await activeAdmins(tx, caller.userId))].filter((u): u is string => !!u && u !== caller.userId);
  await notify(tx, { userIds: recipients }, {
    type: body.rating >= 4 ? 'success' : body.rating <= 2 ? 'warning' : 'info',
    title: 'notifications.sr_feedback.title',
    message: 'notifications.sr_feedback.message',
    params: { number: row.number, customer: row.customer_name, actor: row.caller_name ?? '', rating: body.rating },
    link: link(id),
  });
  await publishChange(tx, 'service_request.updated', { id, status: row.status, customer_id: row.customer_id }, [row.technician_id]);
  return { id };
}
