import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { businessHoursOf, conflictsOf, timeOffEvents } from './schedule-view';

const off = null;

describe('schedule calendar', () => {
  it('turns working days into business hours and leaves days off out', () => {
    const hours = { '0': { start: '08:00', end: '17:00' }, '1': { start: '09:30', end: '13:00' }, '2': off, '3': off, '4': off, '5': off, '6': off };
    expect(businessHoursOf(hours)).toEqual([
      { daysOfWeek: [0], startTime: '08:00', endTime: '17:00' },
      { daysOfWeek: [1], startTime: '09:30', endTime: '13:00' },
    ]);
  });

  it('shades the whole week when nobody works any day', () => {
    const none = { '0': off, '1': off, '2': off, '3': off, '4': off, '5': off, '6': off };
    expect(businessHoursOf(none)).toEqual([{ daysOfWeek: [], startTime: '00:00', endTime: '00:00' }]);
  });

  it('shows time off as background periods', () => {
    const [event] = timeOffEvents([{ id: 'a', technician_id: 't', starts_at: '2026-11-23T06:00:00Z', ends_at: '2026-11-23T10:00:00Z', reason: 'Doctor', created_at: '' }], (i) => i.reason ?? '');
    expect(event).toMatchObject({ start: '2026-11-23T06:00:00Z', end: '2026-11-23T10:00:00Z', display: 'background', title: 'Doctor' });
  });

  it('reads the appointments in the way from a schedule_conflict', () => {
    const appointments = [{ id: 'x', number: 'AP-000001', starts_at: '2026-11-23T06:00:00Z', ends_at: '2026-11-23T07:00:00Z', status: 'scheduled' as const }];
    expect(conflictsOf(new ApiError({ status: 409, code: 'schedule_conflict', message: 'no', details: { appointments } }))).toEqual(appointments);
    expect(conflictsOf(new ApiError({ status: 409, code: 'invalid_state', message: 'no' }))).toBeNull();
  });
});
