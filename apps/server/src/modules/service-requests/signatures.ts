import type { Tx } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import type { RequestCaller } from './caller.js';
import { deleteSignature, insertSignature, type LockedRequest } from './queries.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A signature data URL's PNG bytes, checked by their magic number (400 on the field otherwise). */
export function signaturePng(dataUrl: string, field: string): Buffer {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (png.length < PNG_SIGNATURE.length + 12 || !png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) throw badRequest({ [field]: 'invalid' });
  return png;
}

/** Stores a request's signature of one kind, replacing the one it had (one per kind and request). */
export async function storeSignature(tx: Tx, requestId: string, kind: 'customer_signature' | 'technician_signature', png: Buffer, by: string): Promise<void> {
  await deleteSignature(tx, requestId, kind);
  await insertSignature(tx, requestId, kind, png, by);
}

/**
 * The signatures captured on the technician's device when the work is completed: the
 * technician's own is required when a technician completes, and the customer's too unless the
 * service was remote (the customer is not there to sign). An admin completing may give them.
 */
export async function storeCompletionSignatures(tx: Tx, caller: RequestCaller, row: LockedRequest, b: Record<string, unknown>) {
  const technicianSig = b.technician_signature as string | null | undefined;
  const customerSig = b.customer_signature as string | null | undefined;
  if (caller.role === 'technician') {
    const missing: Record<string, 'required'> = {};
    if (!technicianSig) missing.technician_signature = 'required';
    if (!customerSig && row.location !== 'remote') missing.customer_signature = 'required';
    if (Object.keys(missing).length) throw badRequest(missing);
  }
  if (technicianSig) await storeSignature(tx, row.id, 'technician_signature', signaturePng(technicianSig, 'technician_signature'), caller.userId);
  if (customerSig) await storeSignature(tx, row.id, 'customer_signature', signaturePng(customerSig, 'customer_signature'), caller.userId);
}
