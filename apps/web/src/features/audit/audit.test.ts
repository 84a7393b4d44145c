import { describe, expect, it } from 'vitest';
import { diffRows } from './audit-diff';
import { recordLink } from './record-link';

describe('audit before/after', () => {
  it('lines fields up, marks what changed, shows nested values as JSON', () => {
    expect(diffRows({ name: 'Old', role: 'customer', gone: 1 }, { name: 'New', role: 'customer', skills: ['a'] })).toEqual([
      { field: 'name', before: 'Old', after: 'New', changed: true },
      { field: 'role', before: 'customer', after: 'customer', changed: false },
      { field: 'skills', before: null, after: '["a"]', changed: true },
      { field: 'gone', before: '1', after: null, changed: true },
    ]);
  });

  it('handles a side that is missing or not an object', () => {
    expect(diffRows(null, { email: 'a@b.c' })).toEqual([{ field: 'email', before: null, after: 'a@b.c', changed: true }]);
    expect(diffRows(null, null)).toEqual([]);
    expect(diffRows('x', ['y'])).toEqual([{ field: '', before: 'x', after: '["y"]', changed: true }]);
  });
});

describe('audit record links', () => {
  const id = '3f1f7c1e-0000-4000-8000-000000000001';
  it('links each record type to its page', () => {
    expect(recordLink({ entity: 'transfer', entity_id: id, before: null, after: null })).toBe(`/dashboard/transfers/${id}`);
    expect(recordLink({ entity: 'service_request', entity_id: id, before: null, after: null })).toBe(`/dashboard/service-requests/${id}`);
    expect(recordLink({ entity: 'user', entity_id: id, before: null, after: null })).toBe(`/dashboard/users?open=${id}`);
    expect(recordLink({ entity: 'technician', entity_id: id, before: null, after: { email: 'a+b@x.test' } })).toBe('/dashboard/technicians?q=a%2Bb%40x.test');
    expect(recordLink({ entity: 'inventory_item', entity_id: id, before: { code: 'P-1' }, after: null })).toBe('/dashboard/inventory?q=P-1');
    expect(recordLink({ entity: 'warehouse', entity_id: id, before: null, after: { code: 'WH MAIN' } })).toBe('/dashboard/warehouses?q=WH%20MAIN');
  });

  it('gives no link where there is no page or no id', () => {
    expect(recordLink({ entity: 'announcement', entity_id: id, before: null, after: null })).toBeNull();
    expect(recordLink({ entity: 'transfer', entity_id: null, before: null, after: null })).toBeNull();
    expect(recordLink({ entity: 'inventory_item', entity_id: id, before: null, after: {} })).toBeNull();
  });
});
