import type { ServiceRequestAction } from '@portal/shared';

/** What each action's dialog asks for (none: the button acts at once). */
export type ActionField = 'technician_id' | 'note' | 'reason' | 'diagnosis' | 'resolution';

export const ACTION_FIELDS: Record<ServiceRequestAction, readonly ActionField[]> = {
  assign: ['technician_id'],
  unassign: ['note'],
  start: [],
  'await-parts': ['note'],
  resume: [],
  complete: ['diagnosis', 'resolution'],
  reopen: ['note'],
  cancel: ['reason'],
};

/** The translation key stem of an action (`await-parts` → `awaitParts`). */
export function actionKey(action: ServiceRequestAction): string {
  return action.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
}

/** Actions that take the request backwards or end it: shown in a quieter, warning colour. */
export const ACTION_COLORS: Record<ServiceRequestAction, { color?: string; variant: 'filled' | 'light' | 'default' }> = {
  assign: { variant: 'filled' },
  unassign: { variant: 'default' },
  start: { color: 'indigo', variant: 'filled' },
  'await-parts': { color: 'orange', variant: 'light' },
  resume: { color: 'indigo', variant: 'filled' },
  complete: { color: 'teal', variant: 'filled' },
  reopen: { color: 'orange', variant: 'light' },
  cancel: { color: 'red', variant: 'light' },
};

/** The body an action's dialog sends, from what was typed (the shared schema trims and checks it). */
export function actionBody(action: ServiceRequestAction, values: Partial<Record<ActionField, string | null>>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of ACTION_FIELDS[action]) body[field] = values[field] ?? '';
  return body;
}
