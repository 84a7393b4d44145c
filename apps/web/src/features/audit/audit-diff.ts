/** One field of a change: what it was, what it became (display text, null when absent). */
export interface DiffRow {
  field: string;
  before: string | null;
  after: string | null;
  changed: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const show = (v: unknown): string | null => (v === undefined || v === null ? null : typeof v === 'string' ? v : JSON.stringify(v));

/**
 * Before and after of an audit entry, field by field (top level; nested values as JSON), the
 * after's fields first in their order, then fields only the before had. A scalar or list on either
 * side is one row with an empty field name.
 */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  if ((before !== null && before !== undefined && !isRecord(before)) || (after !== null && after !== undefined && !isRecord(after))) {
    const b = show(before);
    const a = show(after);
    return b === null && a === null ? [] : [{ field: '', before: b, after: a, changed: b !== a }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
  return fields.map((field) => {
    const was = show(b[field]);
    const is = show(a[field]);
    return { field, before: was, after: is, changed: was !== is };
  });
}
