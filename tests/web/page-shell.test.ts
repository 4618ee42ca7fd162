import { afterEach, expect, it, vi } from 'vitest';
import { greeting, headOfPage, panelHeading, shellHeading } from '@/lib/page-shell';

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

it('greets the person on the panel by their first name, and without one when there is none', () => {
  const morning = new Date(2026, 10, 30, 9, 0);
  expect(panelHeading('Maria  da Silva', morning)).toBe('Bom dia, Maria!');
  expect(panelHeading(' Ana', new Date(2026, 10, 30, 19, 0))).toBe('Boa noite, Ana!');
  expect(panelHeading(null, morning)).toBe('Bom dia!');
  expect(panelHeading('   ', morning)).toBe('Bom dia!');
});

it('knows the heading of a page before the app runs only when the page is the person’s and its heading fixed', () => {
  const customer = { team: false, displayName: 'Maria da Silva' };
  const team = { team: true, displayName: 'Equipe' };
  const afternoon = new Date(2026, 10, 30, 15, 0);
  expect(shellHeading('/app/panel', customer, afternoon)).toBe('Boa tarde, Maria!');
  expect(shellHeading('/app/invoices/', customer)).toBe('Notas fiscais');
  expect(shellHeading('/app/bank-statements/accounts', customer)).toBe('Extratos bancários');
  expect(shellHeading('/app/admin/invoices/nf-requests', team)).toBe('Solicitações de nota fiscal');
  // Not theirs: the app sends them elsewhere.
  expect(shellHeading('/app/panel', team)).toBeNull();
  expect(shellHeading('/app/admin/companies', customer)).toBeNull();
  expect(shellHeading('/app/invoices', team)).toBeNull();
  // A heading that is the page's data, a page with no frame, an unknown page.
  expect(shellHeading('/app/admin/companies/c-123', team)).toBeNull();
  expect(shellHeading('/app/bank-statements/accounts/a-1/transactions', customer)).toBeNull();
  expect(shellHeading('/app/wizard/company-opening', customer)).toBeNull();
  expect(shellHeading('/app/nada', customer)).toBeNull();
  expect(shellHeading('/app/toString', customer)).toBeNull();
});

it('titles a page with a fixed heading by the same words', () => {
  expect(headOfPage('/app/invoices')).toEqual({ meta: [{ title: 'Notas fiscais | Contábil' }] });
  expect(headOfPage('/app/admin/invoices/nf-requests')).toEqual({
    meta: [{ title: 'Solicitações de nota fiscal | Contábil' }],
  });
});
