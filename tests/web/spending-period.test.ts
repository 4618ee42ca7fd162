import { describe, expect, it } from 'vitest';
import { initialPeriod } from '@/features/bank-statements/period';

/** The spending chart opens on the year of the last month that has ended (its statements are the ones imported). */
describe('the spending chart’s first period', () => {
  it.each([
    [
      { year: 2027, month: 1 },
      { kind: 'year', year: 2026, quarter: 4, month: 12 },
    ],
    [
      { year: 2027, month: 2 },
      { kind: 'year', year: 2027, quarter: 1, month: 1 },
    ],
    [
      { year: 2026, month: 12 },
      { kind: 'year', year: 2026, quarter: 4, month: 11 },
    ],
    [
      { year: 2026, month: 7 },
      { kind: 'year', year: 2026, quarter: 2, month: 6 },
    ],
  ])('on %o is %o', (today, expected) => {
    expect(initialPeriod(today)).toEqual(expected);
  });
});
