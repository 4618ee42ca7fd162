import { describe, expect, it } from 'vitest';
import { addMonthsToDay, nextMonthlyDue } from '@domain';

describe('the next monthly fee', () => {
  it('falls a month after the latest fee, on its day or the month’s last', () => {
    expect(nextMonthlyDue('2026-11-10', null, '2026-11-25')).toBe('2026-12-10');
    expect(nextMonthlyDue('2026-01-31', null, '2026-02-01')).toBe('2026-02-28');
    expect(addMonthsToDay('2027-12-31', 2)).toBe('2028-02-29');
  });

  it('starts a month after the plan began when nothing was charged yet, and is never in the past', () => {
    expect(nextMonthlyDue(null, '2026-11-20', '2026-11-25')).toBe('2026-12-20');
    expect(nextMonthlyDue('2026-08-05', null, '2026-11-25')).toBe('2026-12-05');
    expect(nextMonthlyDue(null, null, '2026-11-25')).toBeNull();
  });
});
