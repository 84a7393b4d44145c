import { describe, expect, it } from 'vitest';
import { defaultWeek, draftOf, hoursOf, summarise, weekdayNames, weekErrors, weeklyTotalHours } from './weekly-hours';

describe('weekly hours editor', () => {
  it('starts a new technician on Sunday–Thursday 08:00–17:00 and round-trips the API shape', () => {
    const week = hoursOf(defaultWeek());
    expect(week).toEqual({
      '0': { start: '08:00', end: '17:00' },
      '1': { start: '08:00', end: '17:00' },
      '2': { start: '08:00', end: '17:00' },
      '3': { start: '08:00', end: '17:00' },
      '4': { start: '08:00', end: '17:00' },
      '5': null,
      '6': null,
    });
    expect(hoursOf(draftOf(week))).toEqual(week);
    expect(weeklyTotalHours(week)).toBe(45);
  });

  it('flags a day whose start is not before its end, and times that are not HH:MM; never a day off', () => {
    const draft = defaultWeek();
    expect(weekErrors(draft)).toEqual({});
    draft['1'] = { working: true, start: '17:00', end: '09:00' };
    draft['2'] = { working: true, start: '12:00', end: '12:00' };
    draft['3'] = { working: true, start: '', end: '12:00' };
    draft['4'] = { working: true, start: '25:00', end: '26:00' };
    // Off days keep whatever was typed, and are not checked.
    draft['6'] = { working: false, start: '23:00', end: '01:00' };
    expect(weekErrors(draft)).toEqual({ '1.end': 'invalid', '2.end': 'invalid', '3.start': 'required', '4.start': 'invalid', '4.end': 'invalid' });
  });

  it('summarises runs of consecutive days with the same hours', () => {
    const hours = {
      '0': { start: '08:00', end: '17:00' },
      '1': { start: '08:00', end: '17:00' },
      '2': { start: '08:00', end: '17:00' },
      '3': { start: '10:00', end: '14:00' },
      '4': null,
      '5': { start: '10:00', end: '14:00' },
      '6': { start: '10:00', end: '14:00' },
    };
    expect(summarise(hours)).toEqual([
      { from: '0', to: '2', start: '08:00', end: '17:00' },
      { from: '3', to: '3', start: '10:00', end: '14:00' },
      { from: '5', to: '6', start: '10:00', end: '14:00' },
    ]);
    expect(summarise({})).toEqual([]);
  });

  it('names weekdays in the reader’s language, Sunday first', () => {
    expect(weekdayNames('en', 'short')['0']).toBe('Sun');
    expect(weekdayNames('en', 'long')['6']).toBe('Saturday');
    expect(weekdayNames('ar', 'long')['5']).toBe('الجمعة');
  });
});
