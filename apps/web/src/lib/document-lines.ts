import type { UseFormReturnType } from '@mantine/form';

/**
 * The lines of a new stock document (a transfer, a goods receipt) as its form holds them: the
 * checks they share, on top of what the shared request schema already says, and what their
 * fields are given.
 */

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
 * Adds the lines' own errors to `errors` (codes by form path, the schema's already in it): a
 * line without an item (`required`), the same item on two lines (`duplicate_item`, on the
 * later one), an empty quantity (`required`) or one that is not more than zero
 * (`quantity_positive`), and no lines at all (`lines: required`).
 */
export function addLineErrors(lines: readonly { item_id: string | null; quantity: string }[], errors: Record<string, string>): void {
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    const item = `lines.${i}.item_id`;
    if (!line.item_id) {
      errors[item] = 'required';
      return;
    }
    if (seen.has(line.item_id)) errors[item] = 'duplicate_item';
    // The schema's own `duplicate` gives way to this check.
    else if (errors[item] === 'duplicate') delete errors[item];
    seen.add(line.item_id);
  });
  lines.forEach((line, i) => {
    const path = `lines.${i}.quantity`;
    if (line.quantity.trim() === '') errors[path] = 'required';
    else if (errors[path] || (toThousandths(line.quantity) ?? 0n) <= 0n) errors[path] = 'quantity_positive';
  });
  if (lines.length === 0) errors.lines = 'required';
}

/**
 * What every line of a document form gives its fields: its place, its quantity, the errors of
 * its item and quantity, and removing it (with the form's errors, which name lines by index).
 * Each form adds its own item picker's value and any other field of the line.
 */
export function documentLineProps<Values extends { lines: { quantity: string }[] }>(
  form: UseFormReturnType<Values>,
  error: (path: string) => string | undefined,
  index: number,
) {
  return {
    index,
    quantity: form.values.lines[index]!.quantity,
    itemError: error(`lines.${index}.item_id`),
    quantityError: error(`lines.${index}.quantity`),
    canRemove: form.values.lines.length > 1,
    onQuantityChange: (value: string) => form.setFieldValue(`lines.${index}.quantity` as never, value as never),
    onRemove: () => {
      form.removeListItem('lines' as never, index);
      form.clearErrors();
    },
  };
}
