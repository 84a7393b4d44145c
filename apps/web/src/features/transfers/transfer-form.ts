import { ZCreateTransferRequest, type TCreateTransferRequest } from '@portal/shared';
import { addLineErrors, toThousandths } from '../../lib/document-lines';
import { zodFieldErrors } from '../../lib/form-validation';

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
 * Errors as codes by form path: the shared request schema (what the server would answer),
 * with two of its generic codes made specific for the form: the same item on two lines
 * (`duplicate_item`, with the other line checks of addLineErrors) and the same warehouse on
 * both sides (`same_warehouse`).
 */
export function transferFormErrors(values: TransferFormValues): Record<string, string> {
  const errors = zodFieldErrors(ZCreateTransferRequest, toCreateTransferInput(values));
  addLineErrors(values.lines, errors);
  if (values.from_warehouse_id && values.from_warehouse_id === values.to_warehouse_id) errors.to_warehouse_id = 'same_warehouse';
  if (!values.from_warehouse_id) errors.from_warehouse_id = 'required';
  if (!values.to_warehouse_id) errors.to_warehouse_id ??= 'required';
  return errors;
}

/** A line asking for more than the source holds now: a warning, since stock leaves only on approval. */
export function exceedsAvailable(quantity: string, available: string | null | undefined): boolean {
  const wanted = toThousandths(quantity);
  const held = toThousandths(available);
  return wanted !== null && held !== null && wanted > held;
}
