import { describe, expect, it } from 'vitest';
import { compareDecimal, itemTotal } from './decimal.js';
import {
  stockStatus,
  ZCreateAdjustment,
  ZCreateItem,
  ZCreateWarehouse,
  ZItemListQuery,
  ZMoney,
  ZQuantity,
  ZTaxRate,
} from './inventory.js';
import { ZLaborHours } from './field-work.js';
import { zPage } from './paging.js';
import { z } from 'zod';

const id = '00000000-0000-4000-8000-000000000001';

describe('decimals', () => {
  it('accept exact decimal strings (and plain numbers) and refuse more places, signs and floats', () => {
    expect(ZMoney.parse('12.50')).toBe('12.50');
    expect(ZMoney.parse(12.5)).toBe('12.5');
    for (const bad of ['12.345', '-1', '1e3', '', 'abc', 0.1 + 0.2]) expect(ZMoney.safeParse(bad).success, String(bad)).toBe(false);
    expect(ZQuantity.parse('0.125')).toBe('0.125');
    expect(ZQuantity.safeParse('0.1255').success).toBe(false);
    expect(ZTaxRate.parse('100')).toBe('100');
    expect(ZTaxRate.safeParse('100.01').success).toBe(false);
  });

  it('compares and totals exactly, rounding half away from zero like PostgreSQL', () => {
    expect(compareDecimal('0.3', '0.30')).toBe(0);
    expect(compareDecimal('10', '9.999')).toBe(1);
    expect(compareDecimal('-0.001', '0')).toBe(-1);
    expect(itemTotal('199.99', '15')).toBe('229.99'); // 229.9885
    expect(itemTotal('0.10', '15')).toBe('0.12'); // 0.115
    expect(itemTotal('100', '0')).toBe('100.00');
  });
});

describe('stockStatus (PRODUCT.md §4)', () => {
  it('is out at or below zero, low at or below the minimum, else in stock', () => {
    expect(stockStatus('0', '5')).toBe('out_of_stock');
    expect(stockStatus('0.000', '0')).toBe('out_of_stock');
    expect(stockStatus('5', '5')).toBe('low_stock');
    expect(stockStatus('5.001', '5')).toBe('in_stock');
    expect(stockStatus('0.5', '0')).toBe('in_stock');
  });

  it('follows the low-stock rule: at or below the minimum (default), or below it; a minimum of 0 is never low', () => {
    expect(stockStatus('5', '5', 'at_or_below_minimum')).toBe('low_stock');
    expect(stockStatus('5', '5', 'below_minimum')).toBe('in_stock');
    expect(stockStatus('4.999', '5', 'below_minimum')).toBe('low_stock');
    expect(stockStatus('0', '5', 'below_minimum')).toBe('out_of_stock');
    for (const rule of ['at_or_below_minimum', 'below_minimum'] as const) expect(stockStatus('0.001', '0', rule)).toBe('in_stock');
  });
});

describe('form schemas', () => {
  it('item: defaults unit, minimum and VAT; names the bad fields', () => {
    expect(ZCreateItem.parse({ code: 'A-1', name: 'x', category: 'c', price: '1' })).toMatchObject({ unit: 'pcs', min_quantity: '0', tax_rate: '15' });
    const r = ZCreateItem.safeParse({ code: 'a b', name: '', category: 'c', price: '-1' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['code', 'name', 'price']);
  });

  it('adjustment: exactly one of quantity_change or counted_quantity, and no zero change', () => {
    const base = { warehouse_id: id, item_id: id, reason: 'damaged' };
    expect(ZCreateAdjustment.safeParse({ ...base, quantity_change: '-2' }).success).toBe(true);
    expect(ZCreateAdjustment.safeParse({ ...base, counted_quantity: '0' }).success).toBe(true);
    expect(ZCreateAdjustment.safeParse(base).success).toBe(false);
    expect(ZCreateAdjustment.safeParse({ ...base, quantity_change: '1', counted_quantity: '1' }).success).toBe(false);
    expect(ZCreateAdjustment.safeParse({ ...base, quantity_change: '0.000' }).success).toBe(false);
  });

  it('warehouse: a van needs a technician and nothing else may have one', () => {
    expect(ZCreateWarehouse.safeParse({ code: 'V1', name: 'Van', kind: 'van' }).success).toBe(false);
    expect(ZCreateWarehouse.safeParse({ code: 'B1', name: 'Branch', kind: 'branch', technician_id: id }).success).toBe(false);
    expect(ZCreateWarehouse.safeParse({ code: 'V1', name: 'Van', kind: 'van', technician_id: id }).success).toBe(true);
  });
});

describe('paging', () => {
  it('defaults the limit to 25, caps it at 100, and shapes pages as { items, next_cursor, total }', () => {
    expect(ZItemListQuery.parse({})).toMatchObject({ limit: 25, sort: 'code', order: 'asc' });
    expect(ZItemListQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(zPage(z.string()).parse({ items: ['a'], next_cursor: null, total: 1 })).toEqual({ items: ['a'], next_cursor: null, total: 1 });
  });
});

describe('decimal inputs refuse what is not a decimal, without throwing (issue #22)', () => {
  const junk = ['abc', '', '\t\r\n', 'NaN', '1e2', '-1e308', '0x10', '1_000', 'x'.repeat(100_000), 1e308, -1e308];
  it.each(junk)('%s', (v) => {
    expect(ZTaxRate.safeParse(v).success).toBe(false);
    expect(ZLaborHours.safeParse(v).success).toBe(false);
    const adjustment = { item_id: '00000000-0000-4000-8000-000000000000', warehouse_id: '00000000-0000-4000-8000-000000000000', reason: 'damage' };
    expect(ZCreateAdjustment.safeParse({ ...adjustment, quantity_change: v }).success).toBe(false);
  });
});
