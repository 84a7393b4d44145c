import { describe, expect, it } from 'vitest';
import ar from '@portal/shared/locales/ar.json';
import en from '@portal/shared/locales/en.json';
import { messagePart, SHELL_MESSAGES } from '../../locale-parts';
import { PART_MARKERS } from '../lib/i18n';

type Tree = { [key: string]: unknown };

function leaves(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'object' && value !== null ? leaves(value as Tree, path) : [path];
  });
}

function has(tree: Tree, key: string): boolean {
  let node: unknown = tree;
  for (const segment of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Tree)[segment] : undefined;
  return node !== undefined;
}

// The three parts of each language (locale-parts.ts, issue #26).
describe.each([
  ['ar', ar],
  ['en', en],
] as const)('the message parts of %s', (_language, all) => {
  const parts = (['public', 'shell', 'pages'] as const).map((part) => leaves(messagePart(all, part)));

  it('hold every message once, and nothing else', () => {
    const together = parts.flat();
    expect(new Set(together).size).toBe(together.length);
    expect(together.sort()).toEqual(leaves(all).sort());
  });

  it('name only keys that exist: every shell entry picks a group, a subtree or a key', () => {
    const keys = leaves(all);
    for (const path of SHELL_MESSAGES) {
      expect(keys.some((key) => key === path || key.startsWith(`${path}.`) || key.startsWith(`${path}_`)), path).toBe(true);
    }
  });

  it("keep each part's marker in that part only (lib/i18n.ts)", () => {
    const [, shell, pages] = parts.map((keys) => new Set(keys));
    expect(shell!.has(PART_MARKERS.shell)).toBe(true);
    expect(pages!.has(PART_MARKERS.shell)).toBe(false);
    expect(pages!.has(PART_MARKERS.pages)).toBe(true);
    expect(shell!.has(PART_MARKERS.pages)).toBe(false);
    expect(has(messagePart(all, 'public'), PART_MARKERS.shell)).toBe(false);
  });
});
