import { afterEach, expect, it, vi } from 'vitest';
import { saoPauloDate, saoPauloDay } from '@domain';

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
