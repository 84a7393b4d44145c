import { describe, expect, it } from 'vitest';
import type { TSlaTarget } from '@portal/shared';
import { ageParts, dispatchQuery, worstSla } from './dispatch-logic';

const target = (state: TSlaTarget['state']): TSlaTarget => ({ state, due_at: null, paused: false, target_hours: 4 });

describe('dispatch logic', () => {
  it('reads the age in minutes, hours, then days and hours', () => {
    expect(ageParts(0.5)).toEqual({ minutes: 30 });
    expect(ageParts(5.9)).toEqual({ hours: 5 });
    expect(ageParts(50)).toEqual({ days: 2, hours: 2 });
    expect(ageParts(72.5)).toEqual({ days: 3 });
  });

  it('highlights the worst of the two targets', () => {
    expect(worstSla({ response: target('met'), resolution: target('at_risk') })).toBe('at_risk');
    expect(worstSla({ response: target('breached'), resolution: target('on_track') })).toBe('breached');
    expect(worstSla({ response: target('met'), resolution: target('on_track') })).toBe('on_track');
  });

  it('sends only the filters set', () => {
    expect(dispatchQuery({ status: 'all', priority: null, q: '  ', sort: 'age' })).toEqual({ status: 'all', sort: 'age' });
    expect(dispatchQuery({ status: 'unassigned', priority: 'high', q: ' SR-1 ', sort: 'sla_due' })).toEqual({ status: 'unassigned', sort: 'sla_due', priority: 'high', q: 'SR-1' });
  });
});
