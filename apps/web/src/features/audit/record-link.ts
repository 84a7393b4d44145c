import { paths } from '../../lib/paths';
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
      return paths.transfer(id);
    case 'service_request':
      return paths.serviceRequest(id);
    case 'user':
      return `${paths.users}?open=${encodeURIComponent(id)}`;
    case 'technician':
      return withQuery(paths.technicians, field(entry, 'email')) ?? `${paths.users}?open=${encodeURIComponent(id)}`;
    case 'inventory_item':
    case 'item':
      return withQuery(paths.inventory, field(entry, 'code'));
    case 'warehouse':
      return withQuery(paths.warehouses, field(entry, 'code'));
    default:
      return null;
  }
}
