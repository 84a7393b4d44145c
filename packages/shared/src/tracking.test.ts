import { describe, expect, it } from 'vitest';
import { normaliseRequestNumber, ZTrackRequest } from './tracking.js';

describe('the tracking form', () => {
  it('reads a request number however it is typed', () => {
    for (const typed of ['SR-000123', 'sr-000123', 'SR000123', 'sr 123', '123', ' 000123 ', 'SR--123']) {
      expect(normaliseRequestNumber(typed), typed).toBe('SR-000123');
    }
    expect(normaliseRequestNumber('SR-1234567')).toBe('SR-1234567');
    for (const bad of ['', 'SR-', 'AP-000123', 'SR-12a', "1' or '1'='1", '1'.repeat(11)]) expect(normaliseRequestNumber(bad), bad).toBeNull();
  });

  it('takes a number and a mobile, and refuses anything else with a field code', () => {
    expect(ZTrackRequest.parse({ number: 'sr 42', mobile: ' +966 55 123 4567 ' })).toEqual({ number: 'SR-000042', mobile: '+966 55 123 4567' });
    const bad = ZTrackRequest.safeParse({ number: 'x'.repeat(1000), mobile: 'abc' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['number', 'too_long'],
      ['mobile', 'invalid_mobile'],
    ]);
    expect(ZTrackRequest.safeParse({ number: { $gt: '' }, mobile: ['1'] }).success).toBe(false);
  });
});
