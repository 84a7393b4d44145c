import { describe, expect, it } from 'vitest';
import { formatBytes, progressPercent, shortHash, totalRows } from './backup-format';

describe('backup figures', () => {
  it('says sizes in the largest fitting unit, in the reader language with Latin digits', () => {
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(1_536_000, 'en')).toBe('1.5 MB');
    expect(formatBytes(2_000_000_000, 'en')).toBe('2 GB');
    expect(formatBytes(1_536_000, 'ar')).toBe('1.5 ميغابايت');
  });

  it('adds up the rows of every table, and shortens the hash', () => {
    expect(totalRows({ users: 7, items: 40, stock: 120 })).toBe(167);
    expect(totalRows({})).toBe(0);
    expect(shortHash('0123456789abcdef'.repeat(4))).toBe('0123456789ab');
  });

  it('has no percent until the total is known', () => {
    expect(progressPercent(3, null)).toBeNull();
    expect(progressPercent(3, 12)).toBe(25);
    expect(progressPercent(20, 12)).toBe(100);
  });
});
