import { describe, expect, it } from 'vitest';
import { periodsOf } from './periods';

describe('periodsOf', () => {
  it('lists every day of a short period', () => {
    expect(periodsOf('2026-02-27', '2026-03-02', 'day')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('lists weeks by their Mondays, the first one starting before the period', () => {
    // 1 March 2026 is a Sunday: its week began on Monday 23 February.
    const weeks = periodsOf('2026-03-01', '2026-05-31', 'week');
    expect(weeks.slice(0, 3)).toEqual(['2026-02-23', '2026-03-02', '2026-03-09']);
    expect(weeks.at(-1)).toBe('2026-05-25');
    expect(weeks).toHaveLength(14);
  });

  it('lists months by their first days, across a year end', () => {
    expect(periodsOf('2025-11-15', '2026-02-10', 'month')).toEqual(['2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01']);
  });
});
