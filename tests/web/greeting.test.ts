import { afterEach, expect, it, vi } from 'vitest';
import { greeting } from '@/routes/app/_signedIn/_withCompany/-components/panel/greeting';

afterEach(() => vi.restoreAllMocks());

it('greets by the hour of the person’s own clock', () => {
  // Local times: the Date constructor with parts reads them in the clock's own zone.
  expect(greeting(new Date(2026, 10, 30, 0, 30))).toBe('Bom dia');
  expect(greeting(new Date(2026, 10, 30, 11, 59))).toBe('Bom dia');
  expect(greeting(new Date(2026, 10, 30, 12, 0))).toBe('Boa tarde');
  expect(greeting(new Date(2026, 10, 30, 17, 59))).toBe('Boa tarde');
  expect(greeting(new Date(2026, 10, 30, 18, 0))).toBe('Boa noite');
  expect(greeting(new Date(2026, 10, 30, 23, 59))).toBe('Boa noite');
});

it('makes no Intl object, whose locale data would hold the panel’s heading back on a phone', () => {
  const made = vi.spyOn(Intl, 'DateTimeFormat');
  greeting(new Date(2026, 10, 30, 9, 0));
  expect(made).not.toHaveBeenCalled();
});
