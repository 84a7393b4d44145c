import { describe, expect, it } from 'vitest';
import { emptyReceiptForm, lineTotal, newReceiptLine, receiptFormErrors, receiptTotal, toCreateReceiptRequest, type ReceiptFormValues } from './receipt-form';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const W = '33333333-3333-4333-8333-333333333333';
const S = '44444444-4444-4444-8444-444444444444';

const form = (lines: [string | null, string, string][]): ReceiptFormValues => ({
  ...emptyReceiptForm(),
  warehouse_id: W,
  supplier_id: S,
  lines: lines.map(([item_id, quantity, unit_cost]) => ({ ...newReceiptLine(), item_id, quantity, unit_cost })),
});

describe('goods receipt form', () => {
  it('computes line and receipt totals exactly, rounded half up to cents', () => {
    expect(lineTotal('2.5', '10.25')).toBe('25.63');
    expect(lineTotal('0.333', '3')).toBe('1.00');
    expect(lineTotal('3', '0')).toBe('0.00');
    expect(lineTotal('1.0001', '1')).toBeNull();
    expect(lineTotal('1', '1.005')).toBeNull();
    expect(receiptTotal([{ quantity: '0.333', unit_cost: '3' }, { quantity: '0.333', unit_cost: '3' }])).toBe('2.00');
    expect(receiptTotal([{ quantity: '0.1', unit_cost: '0.05' }, { quantity: '0.1', unit_cost: '0.05' }])).toBe('0.01');
    expect(receiptTotal([{ quantity: '', unit_cost: '1' }])).toBeNull();
  });

  it('names the form’s own errors: missing item, the same item twice, zero quantity, bad cost', () => {
    const errors = receiptFormErrors(form([[A, '0', '1'], [A, '2', '-1'], [null, '', '']]));
    expect(errors['lines.0.quantity']).toBe('quantity_positive');
    expect(errors['lines.1.item_id']).toBe('duplicate_item');
    expect(errors['lines.1.unit_cost']).toBe('cost_invalid');
    expect(errors['lines.2.item_id']).toBe('required');
    expect(errors['lines.2.quantity']).toBe('required');
    expect(errors['lines.2.unit_cost']).toBe('required');
    expect(receiptFormErrors({ ...form([[A, '1', '1']]), warehouse_id: null, supplier_id: null })).toMatchObject({ warehouse_id: 'required', supplier_id: 'required' });
  });

  it('sends what the server takes', () => {
    const values = { ...form([[A, ' 1.5 ', '2'], [B, '3', '0.5']]), reference: ' INV-9 ', notes: '' };
    expect(receiptFormErrors(values)).toEqual({});
    expect(toCreateReceiptRequest(values)).toEqual({
      warehouse_id: W,
      supplier_id: S,
      reference: 'INV-9',
      received_on: null,
      notes: null,
      lines: [
        { item_id: A, quantity: '1.5', unit_cost: '2' },
        { item_id: B, quantity: '3', unit_cost: '0.5' },
      ],
    });
  });
});
