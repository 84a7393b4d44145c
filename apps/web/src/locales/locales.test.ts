import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FIELD_ERROR_CODES, ROLES } from '@portal/shared';
import { NAV_ITEMS } from '../lib/navigation';
import { DASHBOARD_ROUTES } from '../app/dashboard-routes';
import ar from '@portal/shared/locales/ar.json';
import en from '@portal/shared/locales/en.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const arKeys = flatten(ar as Tree);
const enKeys = flatten(en as Tree);

/**
 * i18next plurals: `key_one`, `key_other`… Each language has its own forms (Arabic six,
 * English two), so a plural form needs only its key's `_other` in the other language.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => (PLURAL.test(key) ? key.replace(PLURAL, '') : null);
function hasKey(keys: Map<string, string>, key: string): boolean {
  if (keys.has(key)) return true;
  const base = pluralBase(key);
  return keys.has(`${base ?? key}_other`);
}

// The tests run with the web app as root; src/ holds the code to scan.
const srcDir = join(__dirname, '..') + '/';
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Literal keys in code: t('a.b'), i18n.t('a.b'), and props/fields named …Key: 'a.b'. */
function literalKeys(): Map<string, string> {
  const found = new Map<string, string>();
  const patterns = [
    /\bt\(\s*'([^'`$]+)'/g,
    /\bt\(\s*"([^"`$]+)"/g,
    /\b\w*Key\s*[=:]\s*\{?\s*'([a-zA-Z][\w.]*\.[\w.]+)'/g,
    /\b\w*Key\s*=\s*"([a-zA-Z][\w.]*\.[\w.]+)"/g,
    /\btoast(?:Success|Error)\(\s*'([^']+)'/g,
    /\b[aq]:\s*'([a-z]+\.faq\.[\w]+)'/g,
  ];
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) found.set(match[1]!, file.slice(srcDir.length));
    }
  }
  return found;
}

describe('translations', () => {
  it('every Arabic key exists in English', () => {
    expect([...arKeys.keys()].filter((key) => !hasKey(enKeys, key))).toEqual([]);
  });

  it('every English key exists in Arabic', () => {
    expect([...enKeys.keys()].filter((key) => !hasKey(arKeys, key))).toEqual([]);
  });

  it('no value is empty', () => {
    const empty = [...arKeys, ...enKeys].filter(([, value]) => value.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('both languages use the same {{placeholders}} in each message', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    // A plural form may leave the number out ("one user", "مستخدمَين"); the rest must agree.
    const withoutCount = (list: (string | undefined)[]) => list.filter((name) => name !== 'count');
    const mismatched = [...enKeys].filter(([key, value]) => {
      const base = pluralBase(key);
      const forms = base ? [...arKeys].filter(([k]) => pluralBase(k) === base).map(([, v]) => v) : [arKeys.get(key)];
      return forms.some((other) => {
        if (other === undefined) return false;
        const [a, b] = [placeholders(value), placeholders(other)];
        return base
          ? JSON.stringify(withoutCount(a)) !== JSON.stringify(withoutCount(b))
          : JSON.stringify(a) !== JSON.stringify(b);
      });
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('every key written literally in the code exists in both languages', () => {
    const keys = literalKeys();
    expect(keys.size).toBeGreaterThan(100);
    const missing = [...keys].filter(([key]) => !hasKey(arKeys, key) || !hasKey(enKeys, key)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('every error code, field code and role has words in both languages', () => {
    const needed = [
      ...ERROR_CODES.map((code) => `errors.${code}`),
      ...FIELD_ERROR_CODES.map((code) => `validation.${code}`),
      'validation.passwords_mismatch',
      'errors.network',
      'errors.unknown',
      ...ROLES.map((role) => `roles.${role}`),
      ...NAV_ITEMS.map((item) => item.labelKey),
      ...DASHBOARD_ROUTES.map((route) => route.titleKey),
    ];
    expect(needed.filter((key) => !arKeys.has(key) || !enKeys.has(key))).toEqual([]);
  });

  it('has every message of PRODUCT.md §8 in English, worded as specified', () => {
    const messages = [
      'Signed in successfully',
      'Signed out successfully',
      'Account created successfully',
      'Password reset instructions sent',
      'Password updated successfully',
      'User password reset successfully',
      'Failed to sign in',
      'Authentication failed',
      'Failed to sign out',
      'Failed to create account',
      'Failed to send reset instructions',
      'Failed to update password',
      'Failed to reset user password',
      'Failed to mark notification as read',
      'Failed to mark notifications as read',
      'Invalid email or password',
      'User profile not found. Please contact support.',
    ];
    const toast = Object.values(en.toast);
    expect(messages.filter((message) => !toast.includes(message))).toEqual([]);
  });

  it('has the plural forms Arabic needs wherever English has plurals', () => {
    const bases = new Set([...enKeys.keys()].map(pluralBase).filter((base): base is string => base !== null));
    const missing = [...bases].flatMap((base) =>
      ['zero', 'one', 'two', 'few', 'many', 'other'].map((form) => `${base}_${form}`).filter((key) => !arKeys.has(key)),
    );
    expect(missing).toEqual([]);
  });

  it('has the keys the server uses for announcements', () => {
    for (const keys of [arKeys, enKeys]) {
      expect(keys.get('notifications.announcement.title')).toBe('{{title}}');
      expect(keys.get('notifications.announcement.message')).toBe('{{message}}');
    }
  });

  it('Arabic messages are in Arabic', () => {
    const notArabic = [...arKeys]
      .filter(([key]) => !key.startsWith('language.') && !/Code$/.test(key))
      // Values that are only placeholders (`{{title}}`, `{{length}} / {{max}}`) carry no words.
      .filter(([, value]) => /\p{L}/u.test(value.replace(/\{\{[^}]*\}\}/g, '')))
      .filter(([, value]) => !/[\u0600-\u06FF]/.test(value))
      .map(([key]) => key);
    expect(notArabic).toEqual([]);
  });
});
