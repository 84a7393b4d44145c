import { describe, expect, it } from 'vitest';
import { toThousandths } from '../../lib/document-lines';
import { toFormPaths } from '../../lib/form';
import { exceedsAvailable, newLine, toCreateTransferRequest, transferFormErrors, type TransferFormValues } from './transfer-form';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const ITEM1 = '33333333-3333-4333-8333-333333333333';
const ITEM2 = '44444444-4444-4444-8444-444444444444';

function form(overrides: Partial<TransferFormValues> = {}): TransferFormValues {
  return {
    from_warehouse_id: A,
    to_warehouse_id: B,
    notes: '',
    lines: [{ ...newLine(), item_id: ITEM1, quantity: '2' }],
    ...overrides,
  };
}

describe('transfer form', () => {
  it('accepts a complete form and builds the request the server takes', () => {
    expect(transferFormErrors(form())).toEqual({});
    expect(toCreateTransferRequest(form({ notes: '  urgent ' }))).toEqual({
      from_warehouse_id: A,
      to_warehouse_id: B,
      notes: 'urgent',
      lines: [{ item_id: ITEM1, quantity: '2' }],
    });
  });

  it('needs both warehouses, and two different ones', () => {
    expect(transferFormErrors(form({ from_warehouse_id: null, to_warehouse_id: null }))).toMatchObject({
      from_warehouse_id: 'required',
      to_warehouse_id: 'required',
    });
    expect(transferFormErrors(form({ to_warehouse_id: A }))).toMatchObject({ to_warehouse_id: 'same_warehouse' });
  });

  it('refuses the same item twice, a line without an item, and quantities that are not > 0', () => {
    const errors = transferFormErrors(
      form({
        lines: [
          { ...newLine(), item_id: ITEM1, quantity: '1' },
          { ...newLine(), item_id: ITEM1, quantity: '0' },
          { ...newLine(), item_id: null, quantity: '' },
          { ...newLine(), item_id: ITEM2, quantity: '-1' },
          { ...newLine(), item_id: ITEM2 + 'x', quantity: '1.2345' },
        ],
      }),
    );
    expect(errors['lines.0.item_id']).toBeUndefined();
    expect(errors['lines.1.item_id']).toBe('duplicate_item');
    expect(errors['lines.1.quantity']).toBe('quantity_positive');
    expect(errors['lines.2.item_id']).toBe('required');
    expect(errors['lines.2.quantity']).toBe('required');
    expect(errors['lines.3.quantity']).toBe('quantity_positive');
    expect(errors['lines.4.quantity']).toBe('quantity_positive');
  });

  it('needs at least one line', () => {
    expect(transferFormErrors(form({ lines: [] }))).toMatchObject({ lines: 'required' });
  });

  it('compares decimal quantities exactly', () => {
    expect(toThousandths('0.1')).toBe(100n);
    expect(toThousandths('12.125')).toBe(12125n);
    expect(toThousandths('abc')).toBeNull();
    expect(exceedsAvailable('2.001', '2.000')).toBe(true);
    expect(exceedsAvailable('2', '2.000')).toBe(false);
    expect(exceedsAvailable('0.3', '0.30')).toBe(false);
    expect(exceedsAvailable('5', null)).toBe(false);
  });

  it('maps server field paths onto the form', () => {
    expect(toFormPaths({ 'body.lines.0.quantity': 'invalid', to_warehouse_id: 'invalid' })).toEqual({
      'lines.0.quantity': 'invalid',
      to_warehouse_id: 'invalid',
    });
  });
});
