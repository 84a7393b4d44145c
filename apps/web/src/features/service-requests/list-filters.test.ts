import { describe, expect, it } from 'vitest';
import { ACTIVE_STATUS_FILTER, statusFilterOf, statusTabOf, withoutPaging } from './list-filters';

describe('status filter tabs', () => {
  it('reads the URL value as its tab, the active preset in any order', () => {
    expect(statusTabOf(undefined)).toBe('all');
    expect(statusTabOf('all')).toBe('all');
    expect(statusTabOf('pending')).toBe('pending');
    expect(statusTabOf('assigned,in_progress,pending_parts')).toBe('active');
    expect(statusTabOf('pending_parts, assigned,in_progress')).toBe('active');
    expect(statusTabOf('pending,completed')).toBeNull();
    expect(statusTabOf('wizard')).toBeNull();
  });

  it('writes each tab as the filter the API takes', () => {
    expect(statusFilterOf('all')).toBeUndefined();
    expect(statusFilterOf('active')).toBe(ACTIVE_STATUS_FILTER);
    expect(ACTIVE_STATUS_FILTER).toBe('assigned,in_progress,pending_parts');
    expect(statusFilterOf('cancelled')).toBe('cancelled');
  });

  it('exports the filters without the page', () => {
    expect(withoutPaging({ q: 'x', status: 'pending', sort: 'number', order: 'asc', limit: 50, cursor: 'abc' })).toEqual({ q: 'x', status: 'pending', sort: 'number', order: 'asc' });
  });
});
