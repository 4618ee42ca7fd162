import type { MaskTokens } from 'maska';

/** Input masks (maska: `#` digit, `@` letter, `*` letter or digit, spec §5), shared by every form. */

export const CPF_MASK = '###.###.###-##';
export const PHONE_MASK = ['(##) ####-####', '(##) #####-####'];
/** A mobile only (a partner's "Celular"). */
export const MOBILE_MASK = '(##) #####-####';
export const CEP_MASK = '#####-###';

/** Letters or digits, upper-cased: the CNPJ became alphanumeric in 2026 (the check digits stay numeric). */
export const CNPJ_TOKENS: MaskTokens = { A: { pattern: /[0-9A-Za-z]/, transform: (char: string) => char.toUpperCase() } };
export const CNPJ_MASK = 'AA.AAA.AAA/AAAA-##';

/** A lead's phone with the country code, as the site's forms type it (spec §5: at least 17 characters). */
export const LEAD_PHONE_MASK = ['+55 (##) ####-####', '+55 (##) #####-####'];
