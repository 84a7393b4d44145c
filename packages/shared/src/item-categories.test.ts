import { describe, expect, it } from 'vitest';
import { ZCreateItem, ZPatchItem } from './inventory.js';
import { ZCreateItemCategory, ZPatchItemCategory } from './item-categories.js';
import { categoryName } from './item-terms.js';

describe('item categories', () => {
  it('need both names; the code is optional (empty = none) and code-like', () => {
    expect(ZCreateItemCategory.parse({ name_ar: ' شاشات ', name_en: 'Screens', code: '' })).toEqual({ name_ar: 'شاشات', name_en: 'Screens', code: undefined });
    const r = ZCreateItemCategory.safeParse({ name_ar: '', code: 'has space' });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort()).toEqual(['code:invalid', 'name_ar:required', 'name_en:required']);
    expect(ZPatchItemCategory.safeParse({}).success).toBe(false);
    expect(ZPatchItemCategory.safeParse({ name_en: '  ' }).success).toBe(false);
    expect(categoryName({ name_ar: 'شاشات', name_en: 'Screens' }, 'ar-SA')).toBe('شاشات');
    expect(categoryName({ name_ar: 'شاشات', name_en: 'Screens' }, 'en')).toBe('Screens');
  });
});

describe('units', () => {
  it('are one of the list (invalid otherwise), pieces by default, (their names: apps/server/src/lib/labels.test.ts)', () => {
    expect(ZCreateItem.parse({ code: 'A-1', name: 'x', category: 'c', price: '1' }).unit).toBe('pcs');
    const bad = ZCreateItem.safeParse({ code: 'A-1', name: 'x', category: 'c', price: '1', unit: 'bucket' });
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['unit', 'invalid']]);
    expect(ZPatchItem.safeParse({ unit: 'قطعة' }).success).toBe(false);
  });
});
