import type { Language } from '@portal/shared';
import ar from '@portal/shared/locales/ar.json' with { type: 'json' };
import en from '@portal/shared/locales/en.json' with { type: 'json' };

/**
 * The names of the shared enums (request statuses, priorities, where the service happens, stock
 * statuses, movement kinds, units) as the web app shows them: read from the one pair of locale
 * files (packages/shared/locales) so that a CSV, a PDF and the screen never disagree.
 */
export type LabelGroup =
  | 'serviceRequests.status'
  | 'serviceRequests.priority'
  | 'serviceRequests.location'
  | 'serviceRequests.warranty'
  | 'stockStatus'
  | 'movementKind'
  | 'inventory.units';

type Tree = { [key: string]: string | Tree };
const MESSAGES: Record<Language, Tree> = { ar, en };

/** Every label of `group` in `lang` (the value → its name). */
export function labelGroup(lang: Language, group: LabelGroup): Record<string, string> {
  let node: string | Tree | undefined = MESSAGES[lang];
  for (const key of group.split('.')) node = typeof node === 'object' ? node[key] : undefined;
  if (!node || typeof node !== 'object') throw new Error(`No labels ${group} in ${lang}`);
  return node as Record<string, string>;
}

/** The label of `value` in `group`, in `lang`; the value itself when the file has none. */
export function labelOf(lang: Language, group: LabelGroup, value: string): string {
  const label = labelGroup(lang, group)[value];
  return typeof label === 'string' ? label : value;
}
