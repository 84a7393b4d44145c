import { ZCreateGoodsReceipt, type TCreateGoodsReceipt } from '@portal/shared';
import { addLineErrors } from '../../lib/document-lines';
import { zodFieldErrors } from '../../lib/form-validation';

/** One line of the form: `key` keeps React's identity while lines come and go. */
export interface ReceiptLineDraft {
  key: string;
  item_id: string | null;
  quantity: string;
  unit_cost: string;
}

export interface ReceiptFormValues {
  warehouse_id: string | null;
  supplier_id: string | null;
  reference: string;
  /** YYYY-MM-DD; '' means today (the server's company day). */
  received_on: string;
  notes: string;
  lines: ReceiptLineDraft[];
}

let lineSeq = 0;
export function newReceiptLine(): ReceiptLineDraft {
  lineSeq += 1;
  return { key: `gr-line-${lineSeq}`, item_id: null, quantity: '', unit_cost: '' };
}

export function emptyReceiptForm(): ReceiptFormValues {
  return { warehouse_id: null, supplier_id: null, reference: '', received_on: '', notes: '', lines: [newReceiptLine()] };
}

/** The body as the server takes it (zod trims and checks it). */
export function toReceiptInput(values: ReceiptFormValues) {
  return {
    warehouse_id: values.warehouse_id ?? '',
    supplier_id: values.supplier_id ?? '',
    reference: values.reference,
    received_on: values.received_on || null,
    notes: values.notes,
    lines: values.lines.map((line) => ({ item_id: line.item_id ?? '', quantity: line.quantity.trim(), unit_cost: line.unit_cost.trim() })),
  };
}

export function toCreateReceiptRequest(values: ReceiptFormValues): TCreateGoodsReceipt {
  return ZCreateGoodsReceipt.parse(toReceiptInput(values));
}

/** A decimal string with at most `places` places as an integer of that many places; null otherwise. */
function scaled(value: string, places: number): bigint | null {
  const match = new RegExp(`^\\s*(\\d+)(?:\\.(\\d{1,${places}}))?\\s*$`).exec(value);
  if (!match) return null;
  return BigInt(match[1]!) * 10n ** BigInt(places) + BigInt((match[2] ?? '').padEnd(places, '0'));
}

function cents(n: bigint): string {
  const digits = n.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * quantity × unit cost, rounded half up to 2 places, exactly (as the server rounds it), or
 * null while either is not a valid number yet.
 */
export function lineTotal(quantity: string, unitCost: string): string | null {
  const q = scaled(quantity, 3);
  const c = scaled(unitCost, 2);
  if (q === null || c === null) return null;
  return cents((q * c + 500n) / 1000n);
}

/** Σ of the lines' totals (each line must be valid), or null. */
export function receiptTotal(lines: readonly Pick<ReceiptLineDraft, 'quantity' | 'unit_cost'>[]): string | null {
  let sum = 0n;
  for (const line of lines) {
    const q = scaled(line.quantity, 3);
    const c = scaled(line.unit_cost, 2);
    if (q === null || c === null) return null;
    sum += q * c;
  }
  return cents((sum + 500n) / 1000n);
}

/**
 * Errors as codes by form path: the shared body schema (what the server would answer), with
 * the form's own words for a line without an item, the same item twice and a zero quantity
 * (addLineErrors), and for a cost that is missing or not a price.
 */
export function receiptFormErrors(values: ReceiptFormValues): Record<string, string> {
  const errors = zodFieldErrors(ZCreateGoodsReceipt, toReceiptInput(values));
  addLineErrors(values.lines, errors);
  values.lines.forEach((line, i) => {
    const cost = `lines.${i}.unit_cost`;
    if (line.unit_cost.trim() === '') errors[cost] = 'required';
    else if (errors[cost]) errors[cost] = 'cost_invalid';
  });
  if (!values.warehouse_id) errors.warehouse_id = 'required';
  if (!values.supplier_id) errors.supplier_id = 'required';
  return errors;
}
