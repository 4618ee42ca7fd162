import type { MaskInputOptions, MaskTokens } from 'maska';

/** Input masks (maska: `#` digit, `@` letter, `*` letter or digit, docs/rules.md), shared by every form. */

export const CPF_MASK = '###.###.###-##';
export const PHONE_MASK = ['(##) ####-####', '(##) #####-####'];
/** A mobile only (a partner's "Celular"). */
export const MOBILE_MASK = '(##) #####-####';
export const CEP_MASK = '#####-###';

/** Letters or digits, upper-cased: the CNPJ became alphanumeric in 2026 (the check digits stay numeric). */
export const CNPJ_TOKENS: MaskTokens = { A: { pattern: /[0-9A-Za-z]/, transform: (char: string) => char.toUpperCase() } };
export const CNPJ_MASK = 'AA.AAA.AAA/AAAA-##';

/** A lead's phone with the country code, as the site's forms type it (docs/rules.md: at least 17 characters). */
export const LEAD_PHONE_MASK = ['+55 (##) ####-####', '+55 (##) #####-####'];

/**
 * Money is typed cents first, as Brazilian banking apps take it: each digit enters from the right, so 0, 9, 9 reads
 * "0,09" then "0,99", and "98,70" typed with its comma is R$ 98,70. Whatever was typed, the field shows the value it
 * holds, so it is never 100 times what the person meant. A field with no digit but zeros is empty.
 */
export function centsFirst(typed: string): string {
  const digits = typed.replace(/\D/g, '').replace(/^0+/, '');
  if (!digits) return '';
  const padded = digits.padStart(3, '0');
  return `${padded.slice(0, -2)},${padded.slice(-2)}`;
}

/** Every money field's mask (`MoneyField`): reais with the Brazilian grouping and decimal comma, typed cents first. */
export const MONEY_MASK: MaskInputOptions = {
  number: { locale: 'pt-BR', fraction: 2, unsigned: true },
  preProcess: centsFirst,
};

/** "98,70" ↔ 9870 centavos (conventions: money is an integer number of centavos). */
export function moneyCents(text: string): number | undefined {
  const clean = text.replace(/[^\d,]/g, '').replace(',', '.');
  if (!clean) return undefined;
  const value = Number(clean);
  return Number.isFinite(value) ? Math.round(value * 100) : undefined;
}
