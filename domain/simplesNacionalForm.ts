import { SIMPLES_ANNEXES } from './taxes/simplesNacionalTables';
import type { SimplesNacionalToolQuery } from './taxes/simplesNacionalTool';
import { SimplesNacionalToolQuerySchema } from './taxes/simplesNacionalTool';
import { validate } from './validation';

/** The public Simples Nacional calculator page's form (`/tools/simples-nacional`, docs/taxes.md). */

/**
 * Reais typed as people in Brazil type them: "1.234,56", "1234,56", "1234" or "R$ 1.234,56" (dots only as thousands
 * separators, a comma before at most two decimals). Whole centavos, or null for anything else ("1.2", "12,345", "-5").
 */
export function parseReaisToCents(text: string): number | null {
  const cleaned = text.replace(/^\s*R\$\s*/i, '').trim();
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const reais = match[1].replace(/\./g, '');
  // 13 digits of reais keep the centavos a safe integer; the schema refuses far less anyway.
  if (reais.replace(/^0+/, '').length > 13) return null;
  return Number(reais) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The page's choice of annex: one of the five, or an activity of § 5-J whose annex the Fator R decides. */
export const SIMPLES_TOOL_ANNEX_CHOICES = [...SIMPLES_ANNEXES, 'fator-r'] as const;
export type SimplesToolAnnexChoice = (typeof SIMPLES_TOOL_ANNEX_CHOICES)[number];

/** The page's fields (`GET /tools/simples-nacional`), money in reais as typed. */
export const SIMPLES_TOOL_FORM_FIELDS = [
  'annex',
  'rbt12',
  'revenue',
  'payroll12',
  'exportRbt12',
  'exportRevenue',
  'competence',
] as const;
export type SimplesToolFormField = (typeof SIMPLES_TOOL_FORM_FIELDS)[number];
export type SimplesToolForm = Partial<Record<SimplesToolFormField, string>>;

/** Each JSON query key and the form field it comes from, so the query schema's messages land under the right input. */
const QUERY_FIELD_OF_FORM: Record<Exclude<SimplesToolFormField, 'annex' | 'competence'>, keyof SimplesNacionalToolQuery> = {
  rbt12: 'rbt12Cents',
  revenue: 'revenueCents',
  payroll12: 'payroll12Cents',
  exportRbt12: 'exportRbt12Cents',
  exportRevenue: 'exportRevenueCents',
};

const MONEY_FORMAT_MESSAGE = 'Informe um valor em reais, como 1.234,56.';
const FORM_MISSING: Partial<Record<SimplesToolFormField, string>> = {
  rbt12: 'Informe a receita bruta dos últimos 12 meses (RBT12).',
  revenue: 'Informe a receita do mês.',
  payroll12: 'Informe a folha de salários dos últimos 12 meses (com o pró-labore) para calcular o Fator R.',
};

export type SimplesToolFormResult =
  { ok: true; query: SimplesNacionalToolQuery } | { ok: false; fields: Partial<Record<SimplesToolFormField, string>> };

/**
 * The calculator page's form read into the JSON route's query and checked by the same schema
 * (`SimplesNacionalToolQuerySchema`), its messages moved to the page's fields. What only a person typing can get
 * wrong is said here: money not written in reais, a missing payroll for the Fator R, a payroll given for an activity
 * outside it.
 */
export function readSimplesToolForm(form: SimplesToolForm): SimplesToolFormResult {
  const fields: Partial<Record<SimplesToolFormField, string>> = {};
  const text = (field: SimplesToolFormField) => (form[field] ?? '').trim();
  const choice = text('annex');
  const query: Record<string, string> = {};
  if (choice) query.annex = choice === 'fator-r' ? 'V' : choice;
  for (const [field, key] of Object.entries(QUERY_FIELD_OF_FORM) as [keyof typeof QUERY_FIELD_OF_FORM, string][]) {
    const typed = text(field);
    if (!typed) {
      const missing = field === 'payroll12' ? (choice === 'fator-r' ? FORM_MISSING.payroll12 : undefined) : FORM_MISSING[field];
      if (missing) fields[field] = missing;
      continue;
    }
    const cents = parseReaisToCents(typed);
    if (cents === null) fields[field] = MONEY_FORMAT_MESSAGE;
    else query[key] = String(cents);
  }
  // Annex III or V chosen as such is not subject to the Fator R: only "III ou V pelo Fator R" reads the payroll.
  if ((choice === 'III' || choice === 'V') && query.payroll12Cents !== undefined)
    fields.payroll12 = 'A folha de salários só conta para o Fator R: escolha “III ou V, pelo Fator R”, ou deixe em branco.';
  if (text('competence')) query.competence = text('competence');

  // The JSON route's own check (`validate` fills missing keys so each field answers with its own message).
  const checked = validate(SimplesNacionalToolQuerySchema, query);
  if (!checked.ok) {
    const formFieldOf = (key: string): SimplesToolFormField | undefined =>
      key === 'annex' || key === 'competence'
        ? key
        : (Object.entries(QUERY_FIELD_OF_FORM).find(([, queryKey]) => queryKey === key)?.[0] as SimplesToolFormField);
    for (const [key, message] of Object.entries(checked.fields)) {
      const field = formFieldOf(key);
      if (field && !fields[field]) fields[field] = message;
    }
    // Nothing a field can show (it cannot happen with these fields): said under the first one.
    if (Object.keys(fields).length === 0) fields.annex = checked.message;
  }
  if (Object.keys(fields).length > 0 || !checked.ok) return { ok: false, fields };
  return { ok: true, query: checked.value };
}
