/** What an audit entry names: its record type and id, and the before/after that may hold a code or an email. */
interface Entry {
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
}

const field = (entry: Entry, name: string): string | null => {
  for (const side of [entry.after, entry.before]) {
    const v = side && typeof side === 'object' ? (side as Record<string, unknown>)[name] : undefined;
    if (typeof v === 'string' && v) return v;
  }
  return null;
};
const withQuery = (path: string, q: string | null) => (q ? `${path}?q=${encodeURIComponent(q)}` : null);

/** The page of the record an audit entry is about, where it has one (else null). */
export function recordLink(entry: Entry): string | null {
  const id = entry.entity_id;
  if (!id) return null;
  switch (entry.entity) {
    case 'transfer':
      return `/dashboard/transfers/${encodeURIComponent(id)}`;
    case 'service_request':
      return `/dashboard/service-requests/${encodeURIComponent(id)}`;
    case 'user':
      return `/dashboard/users?open=${encodeURIComponent(id)}`;
    case 'technician':
      return withQuery('/dashboard/technicians', field(entry, 'email')) ?? `/dashboard/users?open=${encodeURIComponent(id)}`;
    case 'inventory_item':
    case 'item':
      return withQuery('/dashboard/inventory', field(entry, 'code'));
    case 'warehouse':
      return withQuery('/dashboard/warehouses', field(entry, 'code'));
    default:
      return null;
  }
}
