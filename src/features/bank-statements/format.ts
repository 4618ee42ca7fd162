import type { BankAccount, CategoryRule, TaxCategory } from '@domain';
import { BANK_ACCOUNT_KIND_LABEL, bankName, saoPauloDate, monthKey } from '@domain';
import { saoPauloMoment } from '@/lib/format';

const moneyFormats = new Map<string, Intl.NumberFormat>();
const signedFormats = new Map<string, Intl.NumberFormat>();

function format(cache: Map<string, Intl.NumberFormat>, currency: string, signed: boolean) {
  let formatter = cache.get(currency);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat('pt-BR', { style: 'currency', currency, signDisplay: signed ? 'exceptZero' : 'auto' });
    } catch {
      // A currency code Intl does not know: show it as reais rather than fail the page.
      formatter = new Intl.NumberFormat('pt-BR', {
        style: 'currency',
        currency: 'BRL',
        signDisplay: signed ? 'exceptZero' : 'auto',
      });
    }
    cache.set(currency, formatter);
  }
  return formatter;
}

/** Centavos in the account's currency: "R$ 1.234,56". */
export const formatAmount = (cents: number, currency = 'BRL') => format(moneyFormats, currency, false).format(cents / 100);

/** Centavos with their sign: "+R$ 10,00", "-R$ 3,50". */
export const formatSignedAmount = (cents: number, currency = 'BRL') => format(signedFormats, currency, true).format(cents / 100);

/** YYYY-MM-DD (a bank's date, no time zone) → dd/mm/aaaa. */
export function formatDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}

/** YYYY-MM → "março de 2026". */
export function formatMonth(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, m - 1, 15));
}

export function currentMonth(): string {
  const today = saoPauloDate(new Date());
  return monthKey(today.year, today.month);
}

/** "Itaú", from the account's name or its COMPE code. */
export const accountBankName = (account: Pick<BankAccount, 'bankName' | 'bankId'>) =>
  account.bankName ?? bankName(account.bankId) ?? 'Banco não identificado';

/** "Ag. 1234 · Conta 12345-6". */
export const accountNumberLabel = (account: Pick<BankAccount, 'branchId' | 'accountNumber'>) =>
  [account.branchId ? `Ag. ${account.branchId}` : null, `Conta ${account.accountNumber}`].filter(Boolean).join(' · ');

export const accountKindLabel = (account: Pick<BankAccount, 'kind'>) => BANK_ACCOUNT_KIND_LABEL[account.kind] ?? 'Conta';

/** "01/01/2026 a 31/03/2026", or null before the first movement. */
export function accountPeriod(account: Pick<BankAccount, 'firstTransactionOn' | 'lastTransactionOn'>): string | null {
  if (!account.firstTransactionOn || !account.lastTransactionOn) return null;
  return `${formatDay(account.firstTransactionOn)} a ${formatDay(account.lastTransactionOn)}`;
}

/** "1 movimentação" / "3 movimentações". */
export const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;

export const RULE_DIRECTION_LABEL: Record<CategoryRule['direction'], string> = {
  any: 'Entradas e saídas',
  in: 'Somente entradas',
  out: 'Somente saídas',
};

export const categoryName = (categories: readonly TaxCategory[], id: string | null | undefined) =>
  (id && categories.find((category) => category.id === id)?.name) || 'Sem categoria';

/** An instant (ISO) → "dd/mm/aaaa hh:mm" in São Paulo time. */
export function formatMoment(iso: string): string {
  const { day, time } = saoPauloMoment(iso);
  return `${day} ${time}`;
}
