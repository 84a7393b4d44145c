import { describe, expect, it } from 'vitest';
import { CAPABILITIES, ROLE_CAPABILITIES, can, parseCapability, scopeOf } from './capabilities.js';
import { ROLES } from './roles.js';

describe('capability table', () => {
  it('grants every role only capabilities that exist, each once', () => {
    for (const role of ROLES) {
      const held = ROLE_CAPABILITIES[role];
      expect(new Set(held).size).toBe(held.length);
      for (const c of held) expect(CAPABILITIES).toContain(c);
    }
  });

  it('follows PRODUCT.md §1 on the rules that matter most', () => {
    expect(can('admin', 'manage:user:any')).toBe(true);
    for (const role of ['customer', 'technician', 'whs_supervisor'] as const) expect(can(role, 'manage:user:any')).toBe(false);
    expect(scopeOf('customer', 'read:service_request')).toBe('own');
    expect(scopeOf('technician', 'read:service_request')).toBe('assigned');
    expect(scopeOf('admin', 'read:service_request')).toBe('any');
    expect(scopeOf('whs_supervisor', 'read:service_request')).toBeNull();
    expect(can('whs_supervisor', 'approve:transfer:any')).toBe(true);
    expect(can('technician', 'approve:transfer')).toBe(false);
    expect(can('technician', 'request:transfer:own')).toBe(true);
    expect(can('whs_supervisor', 'create:adjustment:any')).toBe(true);
    expect(can('technician', 'create:adjustment')).toBe(false);
  });

  it('treats a scope-less capability as "some scope of it" and an unknown role as nothing', () => {
    expect(can('customer', 'read:service_request')).toBe(true);
    expect(can('customer', 'read:service_request:any')).toBe(false);
    expect(can(null, 'manage:profile:own')).toBe(false);
    expect(can('ghost' as never, 'manage:profile:own')).toBe(false);
  });

  it('parses action:entity:scope', () => {
    expect(parseCapability('read:service_request:own')).toEqual({ action: 'read', entity: 'service_request', scope: 'own' });
  });
});
