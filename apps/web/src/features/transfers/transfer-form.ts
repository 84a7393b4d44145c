import { ZCreateTransferRequest, type TCreateTransferRequest } from '@portal/shared';
import { zodFieldErrors } from '../../lib/form';

/** One line of the form: `key` keeps React's identity while lines come and go. */
export interface TransferLineDraft {
  key: string;
  item_id: string | null;
  quantity: string;
}

export interface TransferFormValues {
  from_warehouse_id: string | null;
  to_warehouse_id: string | null;
  notes: string;
  lines: TransferLineDraft[];
}

let lineSeq = 0;
export function newLine(): TransferLineDraft {
  lineSeq += 1;
  return { key: `line-${lineSeq}`, item_id: null, quantity: '' };
}

export function emptyTransferForm(): TransferFormValues {
  return { from_warehouse_id: null, to_warehouse_id: null, notes: '', lines: [newLine()] };
}

/** The request as the server takes it (zod trims and checks it). */
export function toCreateTransferInput(values: TransferFormValues) {
  return {
    from_warehouse_id: values.from_warehouse_id ?? '',
    to_warehouse_id: values.to_warehouse_id ?? '',
    notes: values.notes,
    lines: values.lines.map((line) => ({ item_id: line.item_id ?? '', quantity: line.quantity.trim() })),
  };
}

export function toCreateTransferRequest(values: TransferFormValues): TCreateTransferRequest {
  return ZCreateTransferRequest.parse(toCreateTransferInput(values));
}

/**
 * A decimal string ("12", "0.5", "3.125") as an integer count of thousandths, so quantities
 * compare exactly; null when it is not such a number.
 */
export function toThousandths(value: string | null | undefined): bigint | null {
  const match = /^\s*(-)?(\d+)(?:\.(\d{1,3}))?\s*$/.exec(value ?? '');
  if (!match) return null;
  const whole = BigInt(match[2]!) * 1000n + BigInt((match[3] ?? '').padEnd(3, '0'));
  return match[1] ? -whole : whole;
}

/**
 * Errors as codes by form path: the shared request schema (what the server would answer),
 * with two of its generic codes made specific for the form: the same item on two lines
 * (`duplicate_item`) and the same warehouse on both sides (`same_warehouse`).
 */
export function transferFormErrors(values: TransferFormValues): Record<string, string> {
  const errors = zodFieldErrors(ZCreateTransferRequest, toCreateTransferInput(values));
  const seen = new Set<string>();
  values.lines.forEach((line, i) => {
    if (!line.item_id) {
      errors[`lines.${i}.item_id`] = 'required';
      return;
    }
    if (seen.has(line.item_id)) errors[`lines.${i}.item_id`] = 'duplicate_item';
    seen.add(line.item_id);
  });
  values.lines.forEach((line, i) => {
    const path = `lines.${i}.quantity`;
    if (line.quantity.trim() === '') errors[path] = 'required';
    else if (errors[path] || (toThousandths(line.quantity) ?? 0n) <= 0n) errors[path] = 'quantity_positive';
  });
  if (values.from_warehouse_id && values.from_warehouse_id === values.to_warehouse_id) errors.to_warehouse_id = 'same_warehouse';
  if (!values.from_warehouse_id) errors.from_warehouse_id = 'required';
  if (!values.to_warehouse_id) errors.to_warehouse_id ??= 'required';
  if (values.lines.length === 0) errors.lines = 'required';
  return errors;
}

/** A line asking for more than the source holds now: a warning, since stock leaves only on approval. */
export function exceedsAvailable(quantity: string, available: string | null | undefined): boolean {
  const wanted = toThousandths(quantity);
  const held = toThousandths(available);
  return wanted !== null && held !== null && wanted > held;
}

/** Server field paths (`body.lines.0.quantity` or `lines.0.quantity`) as form paths. */
export function toFormPaths(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, code] of Object.entries(fields)) out[path.replace(/^body\./, '')] ??= code;
  return out;
}
