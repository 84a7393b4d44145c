export { LANGUAGE_COOKIE } from '@portal/shared';

/** The messages the server put in the sign-in page (its `#sign-in-messages` block), in its language. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

/**
 * `t(key, values)` over those messages, as i18next words them: a dotted key, `{{name}}`
 * replaced by its value. A key the page does not carry comes back as itself, as in i18next;
 * `defaultValue` is used instead when given.
 */
export function translator(messages: MessageTree) {
  return (key: string, values: Record<string, unknown> = {}): string => {
    let node: string | MessageTree | undefined = messages;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') return typeof values.defaultValue === 'string' ? values.defaultValue : key;
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (slot, name: string) => (name in values ? String(values[name]) : slot));
  };
}
