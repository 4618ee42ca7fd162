import { describe, expect, it } from 'vitest';
import { dueScheduleMonths, nextRunDate } from '@domain';

/** A moment in São Paulo (UTC-3, no daylight saving time since 2019). */
const sp = (localDateTime: string) => new Date(`${localDateTime}-03:00`);

const schedule = (dayOfMonth: number, activeSince: string, lastMonth: string | null = null) => ({
  dayOfMonth,
  activeSince: sp(activeSince),
  lastMonth,
});

describe('nextRunDate: the "próxima em" the customer sees, and the day the runner goes by', () => {
  it('made on the 25th for day 5: next month, not today', () => {
    expect(nextRunDate(schedule(5, '2026-11-25T10:00:00'), sp('2026-11-25T10:00:01'))).toBe('2026-12-05');
  });

  it('made on the 3rd for day 5: the 5th of the same month', () => {
    expect(nextRunDate(schedule(5, '2026-11-03T10:00:00'), sp('2026-11-03T10:00:01'))).toBe('2026-11-05');
  });

  it('made on its own day: that day (in São Paulo)', () => {
    expect(nextRunDate(schedule(5, '2026-11-05T23:30:00'), sp('2026-11-05T23:45:00'))).toBe('2026-11-05');
  });

  it('this month done (generated, by hand too, or left out): next month; December goes to January', () => {
    expect(nextRunDate(schedule(5, '2026-11-03T10:00:00', '2026-11'), sp('2026-11-04T10:00:00'))).toBe('2026-12-05');
    expect(nextRunDate(schedule(12, '2026-01-03T10:00:00', '2026-12'), sp('2026-12-20T10:00:00'))).toBe('2027-01-12');
    expect(nextRunDate(schedule(12, '2026-12-20T10:00:00'), sp('2026-12-20T10:00:00'))).toBe('2027-01-12');
  });

  it('turned back on after a pause: like a new one, from the day it was resumed', () => {
    // Made in January, last made in August, paused, turned back on 20 November: not November's day 10.
    expect(nextRunDate(schedule(10, '2026-11-20T09:00:00', '2026-08'), sp('2026-11-20T09:00:00'))).toBe('2026-12-10');
    // Turned back on 8 November: November's day 10 is still ahead.
    expect(nextRunDate(schedule(10, '2026-11-08T09:00:00', '2026-08'), sp('2026-11-08T09:00:00'))).toBe('2026-11-10');
  });

  it('a day the server missed is due at once, for last month only', () => {
    // Made in February for day 8; the server was down from before 8 March to 3 May: April is due (late), not March.
    expect(nextRunDate(schedule(8, '2026-02-05T10:00:00'), sp('2026-05-03T09:00:00'))).toBe('2026-04-08');
    expect(nextRunDate(schedule(8, '2026-02-05T10:00:00', '2026-04'), sp('2026-05-03T09:00:00'))).toBe('2026-05-08');
  });

  it('a day the month does not have is the month’s last day: 30 November, 28 or 29 February', () => {
    expect(nextRunDate(schedule(31, '2026-11-02T10:00:00'), sp('2026-11-02T10:00:00'))).toBe('2026-11-30');
    expect(nextRunDate(schedule(31, '2026-10-31T10:00:00', '2026-10'), sp('2026-11-02T10:00:00'))).toBe('2026-11-30');
    expect(nextRunDate(schedule(30, '2027-01-31T10:00:00'), sp('2027-01-31T10:00:00'))).toBe('2027-02-28');
    expect(nextRunDate(schedule(30, '2028-01-31T10:00:00'), sp('2028-01-31T10:00:00'))).toBe('2028-02-29');
  });

  it('takes the moment it was made or resumed as an ISO string too (as the API sends it)', () => {
    expect(
      nextRunDate({ dayOfMonth: 5, activeSince: '2026-11-25T13:00:00.000Z', lastMonth: null }, sp('2026-11-25T10:00:01')),
    ).toBe('2026-12-05');
  });
});

describe('dueScheduleMonths: what the runner creates now, from nextRunDate', () => {
  it('nothing for a month whose day passed before the schedule was made or resumed', () => {
    expect(dueScheduleMonths(schedule(5, '2026-11-25T10:00:00'), sp('2026-11-30T10:00:00'))).toEqual([]);
    expect(dueScheduleMonths(schedule(5, '2026-11-25T10:00:00'), sp('2026-12-05T00:00:00'))).toEqual(['2026-12']);
  });

  it('last month (caught up) and this month, each once', () => {
    expect(dueScheduleMonths(schedule(3, '2026-01-10T10:00:00'), sp('2026-03-04T12:00:00'))).toEqual(['2026-02', '2026-03']);
    expect(dueScheduleMonths(schedule(3, '2026-01-10T10:00:00', '2026-03'), sp('2026-03-04T12:00:00'))).toEqual([]);
  });

  it('not before the day in São Paulo', () => {
    expect(dueScheduleMonths(schedule(10, '2026-05-01T10:00:00'), new Date('2026-05-10T02:59:59Z'))).toEqual([]);
    expect(dueScheduleMonths(schedule(10, '2026-05-01T10:00:00'), new Date('2026-05-10T03:00:00Z'))).toEqual(['2026-05']);
  });
});
