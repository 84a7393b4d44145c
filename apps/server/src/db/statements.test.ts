import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openPglite } from './client.js';
import { boundStatement, placeholder } from './statements.js';

describe('hot statements rendered once', () => {
  it('renders the text on the first call and binds each call its own values', async () => {
    let builds = 0;
    const build = () => {
      builds++;
      return sql`select ${placeholder('a')}::int + ${placeholder('b')}::int as sum, ${placeholder('a')}::int as a`;
    };
    const first = boundStatement('test_sum', build, { a: 1, b: 2 });
    const second = boundStatement('test_sum', build, { a: 10, b: 20 });
    expect(builds).toBe(1);
    expect(second.sql).toBe(first.sql);
    expect(first.params).toEqual([1, 2, 1]);
    expect(second.params).toEqual([10, 20, 10]);

    const db = await openPglite(null);
    try {
      expect(await db.prepared('test_sum', first)).toEqual([{ sum: 3, a: 1 }]);
      expect(await db.prepared('test_sum', second)).toEqual([{ sum: 30, a: 10 }]);
    } finally {
      await db.close();
    }
  });

  it('refuses a value written into the statement, which would be bound for every later caller', () => {
    const userId = '4a9b3c1e-0000-4000-8000-000000000001';
    expect(() => boundStatement('test_literal', () => sql`select ${placeholder('id')}::uuid, ${userId}::uuid`, { id: userId })).toThrow(
      /test_literal: parameter \$2 is a value/,
    );
    // Refused every time, not remembered as rendered.
    expect(() => boundStatement('test_literal', () => sql`select ${userId}::uuid`, {})).toThrow(/parameter \$1 is a value/);
  });

  it('names the placeholder a call left without a value', () => {
    expect(() => boundStatement('test_missing', () => sql`select ${placeholder('id')}::uuid`, {})).toThrow(/No value for placeholder "id"/);
  });
});
