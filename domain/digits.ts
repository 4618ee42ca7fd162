/** Helpers on typed identifiers, free of imports so every module can use them. */

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** A CNPJ as stored: its 14 characters, upper case (numeric or the alphanumeric format of 2026). */
export function normalizeCnpj(cnpj: string): string {
  return cnpj.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

/** Accent- and case-insensitive text, spaces collapsed: "Pagamento  à Vista" → "pagamento a vista". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
