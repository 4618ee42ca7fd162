import { afterEach, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { DayKeySchema, MonthKeySchema, saoPauloDate, saoPauloDay, saoPauloTime } from '@domain';

afterEach(() => vi.restoreAllMocks());

it('reads the calendar day in São Paulo (UTC−3), not in the machine’s zone', () => {
  expect(saoPauloDate(new Date('2026-11-30T02:59:00Z'))).toEqual({ year: 2026, month: 11, day: 29 });
  expect(saoPauloDate(new Date('2026-11-30T03:00:00Z'))).toEqual({ year: 2026, month: 11, day: 30 });
  expect(saoPauloDay(new Date('2027-01-01T02:00:00Z'))).toBe('2026-12-31');
});

it('makes one formatter however often it is asked', () => {
  saoPauloDate(new Date('2026-01-01T12:00:00Z'));
  const made = vi.spyOn(Intl, 'DateTimeFormat');
  for (let hour = 0; hour < 24; hour++) saoPauloDate(new Date(Date.UTC(2026, 5, 1, hour)));
  expect(made).not.toHaveBeenCalled();
});

it('takes a day or a month only as the calendar has it', () => {
  const day = DayKeySchema('Data inválida.');
  for (const text of ['2026-02-28', '2028-02-29', '2026-12-31']) expect(v.safeParse(day, text).success).toBe(true);
  for (const text of ['2026-02-29', '2026-02-30', '2026-04-31', '2026-13-01', '2026-1-05', '26-01-05', '2026-01-05T00:00'])
    expect(v.safeParse(day, text).issues?.[0]?.message).toBe('Data inválida.');
  const month = MonthKeySchema('Mês inválido.');
  for (const text of ['2026-01', '2026-12']) expect(v.safeParse(month, text).success).toBe(true);
  for (const text of ['2026-00', '2026-13', '2026-1', '2026-11-01']) expect(v.safeParse(month, text).success).toBe(false);
});

it('reads São Paulo’s clock to the second, midnight as 00', () => {
  expect(saoPauloTime(new Date('2026-03-05T17:07:09.900Z'))).toEqual({
    year: '2026',
    month: '03',
    day: '05',
    hour: '14',
    minute: '07',
    second: '09',
  });
  expect(saoPauloTime(new Date('2026-01-01T03:00:00Z'))).toMatchObject({ day: '01', hour: '00', minute: '00' });
});
