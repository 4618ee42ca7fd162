import { BANK_LEDGER_ACCOUNT, UNCLASSIFIED_LABEL, UNCLASSIFIED_LEDGER_ACCOUNT, formatDay, taxCategory } from '@domain';

/** A movement as an export needs it. */
export interface ExportedTransaction {
  postedOn: string;
  amountCents: number;
  description: string;
  memo: string | null;
  taxCategoryId: string | null;
}

/** Whether a movement has a category the export can book (the route asks before exporting the others). */
export const isCategorised = (t: Pick<ExportedTransaction, 'taxCategoryId'>) => taxCategory(t.taxCategoryId) !== undefined;

/** 123456 → "1234,56": the decimal comma accounting software in Brazil expects. */
function decimalComma(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** The history text on one line, without the separator. */
function history(t: ExportedTransaction): string {
  const text = t.memo && t.memo !== t.description ? `${t.description} - ${t.memo}` : t.description;
  return text
    .replace(/[;\r\n\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/**
 * Windows-1252 bytes, the encoding desktop accounting systems read. Portuguese letters are all in its Latin-1 range;
 * typographic quotes and dashes become their ASCII look-alikes and anything else outside it a "?".
 */
export function toWindows1252(text: string): Buffer {
  const plain = text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\u0000-\u00ff]/g, '?');
  return Buffer.from(plain, 'latin1');
}

/**
 * The "lançamentos contábeis" text layout: one line per movement, fields separated by ";", CRLF, Windows-1252:
 *
 *   DATA;CONTA_DEBITO;CONTA_CREDITO;VALOR;HISTORICO
 *   05/03/2026;1.1.1.02;3.1.1.01;1500,00;PIX RECEBIDO CLIENTE X
 *
 * Money in debits the bank account and credits the category's account; money out the reverse. The value is always
 * positive. A movement without a category is booked against "a classificar" (`UNCLASSIFIED_LEDGER_ACCOUNT`), an
 * account the accountant's system knows and lists for reclassification: an empty field would import as a broken
 * line or, worse, be dropped without a word. Whether such movements go into the file at all is the caller's choice.
 */
export function toLedgerTxt(transactions: readonly ExportedTransaction[]): Buffer {
  const lines = transactions.map((t) => {
    const counterpart = taxCategory(t.taxCategoryId)?.ledgerAccount ?? UNCLASSIFIED_LEDGER_ACCOUNT;
    const [debit, credit] = t.amountCents >= 0 ? [BANK_LEDGER_ACCOUNT, counterpart] : [counterpart, BANK_LEDGER_ACCOUNT];
    return [formatDay(t.postedOn), debit, credit, decimalComma(Math.abs(t.amountCents)), history(t)].join(';');
  });
  return toWindows1252(lines.map((line) => `${line}\r\n`).join(''));
}

function csvField(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Text that came from the bank (description, memo): one starting like a formula (`=`, `+`, `-`, `@`, tab, CR) gets
 * a leading apostrophe, so a spreadsheet shows it instead of running it (CSV injection).
 */
function csvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A spreadsheet of the movements: UTF-8 with a BOM and ";" so Excel in Portuguese opens it as columns. A movement
 * without category reads "A classificar" with its transitory account, as in the TXT.
 */
export function toCsv(transactions: readonly ExportedTransaction[]): Buffer {
  const header = ['Data', 'Descrição', 'Complemento', 'Valor', 'Tipo', 'Categoria', 'Conta contábil'];
  const rows = transactions.map((t) => {
    const category = taxCategory(t.taxCategoryId);
    return [
      formatDay(t.postedOn),
      csvText(t.description),
      csvText(t.memo ?? ''),
      decimalComma(t.amountCents),
      t.amountCents >= 0 ? 'Entrada' : 'Saída',
      category?.name ?? UNCLASSIFIED_LABEL,
      category?.ledgerAccount ?? UNCLASSIFIED_LEDGER_ACCOUNT,
    ].map(csvField);
  });
  const text = [header, ...rows].map((row) => row.join(';')).join('\r\n');
  return Buffer.from(`\ufeff${text}\r\n`, 'utf8');
}
