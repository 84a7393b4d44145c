import type { DispatchSort, DispatchView, Priority, SlaState, TSlaTarget } from '@portal/shared';

/** The badge colour of an SLA state: breached red, at risk orange. */
export const SLA_COLORS: Record<SlaState, string> = { on_track: 'teal', at_risk: 'orange', breached: 'red', met: 'gray' };

/** A request's age in parts: minutes under an hour, hours under a day, else days (and hours, unless none). */
export function ageParts(hours: number): { minutes?: number; hours?: number; days?: number } {
  if (hours < 1) return { minutes: Math.max(0, Math.round(hours * 60)) };
  if (hours < 24) return { hours: Math.floor(hours) };
  const rest = Math.floor(hours % 24);
  return rest ? { days: Math.floor(hours / 24), hours: rest } : { days: Math.floor(hours / 24) };
}

/** The target a dispatcher watches: response until it is answered, then resolution. */
export function runningTarget(sla: { response: TSlaTarget; resolution: TSlaTarget }): 'response' | 'resolution' {
  return sla.response.state === 'met' || (sla.response.state === 'breached' && sla.resolution.state !== 'on_track') ? 'resolution' : 'response';
}

/** The worst state of the two targets: what the row's highlight follows. */
export function worstSla(sla: { response: TSlaTarget; resolution: TSlaTarget }): SlaState {
  const order: SlaState[] = ['breached', 'at_risk', 'on_track', 'met'];
  return order.find((s) => sla.response.state === s || sla.resolution.state === s) ?? 'on_track';
}

export interface DispatchFilters {
  status: DispatchView;
  priority: Priority | null;
  q: string;
  sort: DispatchSort;
}

/** The query string of the list (empty values left out). */
export function dispatchQuery(f: DispatchFilters): Record<string, string> {
  const out: Record<string, string> = { status: f.status, sort: f.sort };
  if (f.priority) out.priority = f.priority;
  if (f.q.trim()) out.q = f.q.trim();
  return out;
}
