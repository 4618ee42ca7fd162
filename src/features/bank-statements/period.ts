import { addMonths, monthKey } from '@domain';

/** The period the spending chart shows: a year, one of its quarters or one of its months. */
export type PeriodKind = 'year' | 'quarter' | 'month';

export interface PeriodChoice {
  kind: PeriodKind;
  year: number;
  quarter: number;
  month: number;
}

/**
 * The period the chart opens on: the year of the last month that has ended, with that month and its quarter. In
 * January that is last year, whose statements are the ones imported by then: this year's would show nothing.
 */
export function initialPeriod(today: { year: number; month: number }): PeriodChoice {
  const [year, month] = addMonths(monthKey(today.year, today.month), -1).split('-').map(Number);
  return { kind: 'year', year, quarter: Math.ceil(month / 3), month };
}
