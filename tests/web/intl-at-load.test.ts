import { afterEach, expect, it, vi } from 'vitest';

/**
 * A browser's first Intl object loads its locale data (166–287 ms at a phone's 4× slower CPU, in Chromium): the code
 * the app's pages load makes none while its modules load, only once it formats something (domain/intl.ts).
 */
const CONSTRUCTORS = ['NumberFormat', 'DateTimeFormat', 'RelativeTimeFormat', 'DisplayNames', 'PluralRules', 'Collator'] as const;
const LOCALE_METHODS = [
  [Number.prototype, 'toLocaleString'],
  [Date.prototype, 'toLocaleString'],
  [Date.prototype, 'toLocaleDateString'],
  [Date.prototype, 'toLocaleTimeString'],
  [String.prototype, 'localeCompare'],
] as const;

const restore: (() => void)[] = [];
afterEach(() => restore.splice(0).forEach((undo) => undo()));

/** Counts every Intl object made and every locale-aware method called from now on. */
function watchIntl(): string[] {
  const made: string[] = [];
  for (const name of CONSTRUCTORS) {
    const original = Intl[name];
    (Intl as Record<string, unknown>)[name] = new Proxy(original, {
      construct(target, args) {
        made.push(name);
        return Reflect.construct(target, args) as object;
      },
    });
    restore.push(() => ((Intl as Record<string, unknown>)[name] = original));
  }
  for (const [prototype, method] of LOCALE_METHODS) {
    const original = (prototype as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
    (prototype as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
      made.push(method);
      return original.apply(this, args);
    };
    restore.push(() => ((prototype as unknown as Record<string, unknown>)[method] = original));
  }
  return made;
}

it('the domain and the app’s formatting helpers make no Intl object while they load, and format when asked', async () => {
  vi.resetModules();
  const made = watchIntl();
  const domain = await import('@domain');
  const format = await import('@/lib/format');
  await import('@/features/invoices/nfse');
  await import('@/features/bank-statements/format');
  expect(made).toEqual([]);

  expect(domain.formatMoney(24900)).toBe('R$\u00a0249,00');
  expect(format.formatDate('2026-11-30T15:00:00Z')).toBe('30/11/2026');
  expect(domain.ZIP_MESSAGES.tooManyEntries).toContain('mais de 1.000 arquivos');
  expect(made).toEqual(['NumberFormat', 'DateTimeFormat', 'toLocaleString']);
});
