import type { Role } from './roles.js';

/**
 * The capability table of PRODUCT.md §1, as typed `action:entity:scope` strings.
 *
 * scope says which rows the capability reaches:
 *  - `own`      rows that belong to the caller (their requests, their van, their profile)
 *  - `assigned` rows assigned to the caller (a technician's jobs)
 *  - `any`      every row
 *
 * The server enforces a route's capability from this table (one hook), row-level rules
 * follow the scope in the module's queries, and the web sidebar is derived from it too.
 */
export const CAPABILITIES = [
  'manage:profile:own',
  'read:notification:own',
  'announce:notification:any',
  'read:help:own',
  'create:service_request:own',
  'create:service_request:any',
  'read:service_request:own',
  'read:service_request:assigned',
  'read:service_request:any',
  'cancel:service_request:own',
  'cancel:service_request:any',
  'assign:service_request:any',
  'work:service_request:assigned',
  'work:service_request:any',
  'check:service_request:any',
  'feedback:service_request:own',
  'read:appointment:own',
  'read:appointment:any',
  'manage:schedule:own',
  'manage:schedule:any',
  'read:inventory_item:any',
  'manage:inventory_item:any',
  'read:stock:own',
  'read:stock:any',
  'read:transfer:own',
  'read:transfer:any',
  'request:transfer:own',
  'request:transfer:any',
  'approve:transfer:any',
  'receive:transfer:own',
  'receive:transfer:any',
  'cancel:transfer:own',
  'cancel:transfer:any',
  'read:adjustment:any',
  'create:adjustment:any',
  'read:goods_receipt:any',
  'create:goods_receipt:any',
  'read:supplier:any',
  'manage:supplier:any',
  'read:warehouse:any',
  'manage:warehouse:any',
  'read:service_report:own',
  'read:service_report:any',
  'read:performance_report:own',
  'read:performance_report:any',
  'read:inventory_report:any',
  'manage:user:any',
  'read:analytics:any',
  'manage:settings:any',
  'manage:data:any',
  'manage:backup:any',
  'read:audit:any',
] as const;

export type Capability = (typeof CAPABILITIES)[number];
export type Scope = 'own' | 'assigned' | 'any';
/** A capability without its scope, e.g. `read:service_request`: "may do this to some rows". */
export type CapabilityAction = Capability extends `${infer A}:${infer E}:${string}` ? `${A}:${E}` : never;

const everyone: Capability[] = ['manage:profile:own', 'read:notification:own'];

export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  customer: [
    ...everyone,
    'read:help:own',
    'create:service_request:own',
    'read:service_request:own',
    'cancel:service_request:own',
    'feedback:service_request:own',
    'read:appointment:own',
  ],
  technician: [
    ...everyone,
    'read:help:own',
    'read:service_request:assigned',
    'work:service_request:assigned',
    'read:appointment:own',
    'manage:schedule:own',
    'read:inventory_item:any',
    'read:stock:own',
    'read:stock:any',
    'read:transfer:own',
    'request:transfer:own',
    'receive:transfer:own',
    'cancel:transfer:own',
    'read:service_report:own',
    'read:performance_report:own',
  ],
  whs_supervisor: [
    ...everyone,
    'read:inventory_item:any',
    'manage:inventory_item:any',
    'read:stock:any',
    'read:transfer:any',
    'request:transfer:any',
    'approve:transfer:any',
    'receive:transfer:any',
    'cancel:transfer:own',
    'read:adjustment:any',
    'create:adjustment:any',
    'read:goods_receipt:any',
    'create:goods_receipt:any',
    'read:supplier:any',
    'manage:supplier:any',
    'read:warehouse:any',
    'read:inventory_report:any',
  ],
  admin: [
    ...everyone,
    'announce:notification:any',
    'create:service_request:any',
    'read:service_request:any',
    'cancel:service_request:any',
    'assign:service_request:any',
    'work:service_request:any',
    'check:service_request:any',
    'read:appointment:any',
    'manage:schedule:any',
    'read:inventory_item:any',
    'manage:inventory_item:any',
    'read:stock:any',
    'read:transfer:any',
    'request:transfer:any',
    'approve:transfer:any',
    'receive:transfer:any',
    'cancel:transfer:any',
    'read:adjustment:any',
    'create:adjustment:any',
    'read:goods_receipt:any',
    'create:goods_receipt:any',
    'read:supplier:any',
    'manage:supplier:any',
    'read:warehouse:any',
    'manage:warehouse:any',
    'read:service_report:any',
    'read:performance_report:any',
    'read:inventory_report:any',
    'manage:user:any',
    'read:analytics:any',
    'manage:settings:any',
    'manage:data:any',
    'manage:backup:any',
    'read:audit:any',
  ],
};

const SCOPE_ORDER: Scope[] = ['any', 'assigned', 'own'];

/** Parses `action:entity:scope` (or `action:entity`) into its parts. */
export function parseCapability(value: string): { action: string; entity: string; scope?: Scope } {
  const [action = '', entity = '', scope] = value.split(':');
  return { action, entity, scope: scope as Scope | undefined };
}

/**
 * What each role holds, with the scope-less form of each capability too, as sets: `can` runs
 * on every request and for every action of every listed row, so it is a lookup, not a scan.
 */
const HELD: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(ROLE_CAPABILITIES).map(([role, held]) => [
    role,
    new Set((held as readonly string[]).flatMap((c) => [c, c.split(':').slice(0, 2).join(':')])),
  ]),
);

/**
 * Whether `role` holds `capability`. A full capability (`read:service_request:any`) must be
 * held exactly; a scope-less one (`read:service_request`) is held when any scope of it is.
 */
export function can(role: Role | null | undefined, capability: Capability | CapabilityAction): boolean {
  if (!role) return false;
  return HELD.get(role)?.has(capability) ?? false;
}

/** The widest scope of `action` that `role` holds (any > assigned > own), or null. */
export function scopeOf(role: Role | null | undefined, action: CapabilityAction): Scope | null {
  if (!role) return null;
  const held = HELD.get(role);
  for (const scope of SCOPE_ORDER) {
    if (held?.has(`${action}:${scope}`)) return scope;
  }
  return null;
}
