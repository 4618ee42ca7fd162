import { expect, it } from 'vitest';
import { formatMoment } from '@/features/bank-statements/format';
import { formatWhen } from '@/features/invoices/nfse';

// Both read an instant in São Paulo (UTC−3) through one formatter (src/lib/format.ts, saoPauloMoment).
it('writes an instant in São Paulo time, midnight as 00:00 and across the turn of the year', () => {
  expect(formatWhen('2026-11-30T15:05:00Z')).toBe('30/11/2026 às 12:05');
  expect(formatMoment('2026-11-30T15:05:00Z')).toBe('30/11/2026 12:05');
  expect(formatMoment('2026-06-10T03:00:00Z')).toBe('10/06/2026 00:00');
  expect(formatWhen('2026-01-01T02:30:00Z')).toBe('31/12/2025 às 23:30');
});
