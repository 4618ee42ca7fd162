import * as v from 'valibot';
import { isCompetence } from './periods';
import { SIMPLES_ANNEXES } from './simplesNacionalTables';
import type { DasInput } from './simplesNacional';

/** Largest RBT12 and month's revenue the calculator takes: the Simples Nacional ceiling (LC 123 art. 3 II). */
const CEILING_CENTS = 480_000_000;
/** Payroll has no legal ceiling; this keeps the arithmetic exact. */
const MAX_PAYROLL_CENTS = 100_000_000_000;

/** Whole centavos typed in a query string: digits only (no sign, exponent or decimal point). */
function cents(required: string, max: number, tooMuch: string) {
  return v.pipe(v.string(required), v.trim(), v.regex(/^\d{1,15}$/, required), v.transform(Number), v.maxValue(max, tooMuch));
}

/**
 * The public Simples Nacional calculator's query (`GET /api/tools/simples-nacional`, docs/api.md), with a pt-BR
 * message per field. Values in centavos; `competence` (YYYY-MM) picks the year's rules, the current month if absent.
 */
export const SimplesNacionalToolQuerySchema = v.pipe(
  v.object({
    annex: v.picklist(SIMPLES_ANNEXES, 'Informe o anexo do Simples Nacional: I, II, III, IV ou V.'),
    rbt12Cents: cents(
      'Informe a receita bruta dos últimos 12 meses (RBT12) em centavos, com um número inteiro.',
      CEILING_CENTS,
      'A receita bruta dos últimos 12 meses (RBT12) passa do limite do Simples Nacional, R$ 4.800.000,00.',
    ),
    revenueCents: cents(
      'Informe a receita do mês em centavos, com um número inteiro.',
      CEILING_CENTS,
      'A receita do mês passa de R$ 4.800.000,00, o limite anual do Simples Nacional.',
    ),
    payroll12Cents: v.optional(
      cents(
        'Informe a folha de salários dos últimos 12 meses (com o pró-labore) em centavos, com um número inteiro.',
        MAX_PAYROLL_CENTS,
        'A folha de salários informada é grande demais.',
      ),
    ),
    exportRbt12Cents: v.optional(
      cents(
        'Informe a receita de exportação dos últimos 12 meses em centavos, com um número inteiro.',
        CEILING_CENTS,
        'A receita de exportação dos últimos 12 meses passa do limite de R$ 4.800.000,00.',
      ),
    ),
    exportRevenueCents: v.optional(
      cents(
        'Informe a receita de exportação do mês em centavos, com um número inteiro.',
        CEILING_CENTS,
        'A receita de exportação do mês passa de R$ 4.800.000,00.',
      ),
    ),
    competence: v.optional(
      v.pipe(
        v.string('Informe a competência no formato AAAA-MM (ex.: 2026-11).'),
        v.trim(),
        v.check(isCompetence, 'Informe a competência no formato AAAA-MM (ex.: 2026-11).'),
        v.minValue('2018-01', 'As tabelas do Simples Nacional guardadas valem a partir de 2018-01.'),
      ),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['annex'], ['payroll12Cents']],
      (input) => input.payroll12Cents === undefined || input.annex === 'III' || input.annex === 'V',
      'O Fator R (folha de salários) vale só para as atividades dos anexos III e V.',
    ),
    ['payroll12Cents'],
  ),
  v.forward(
    v.partialCheck(
      [['exportRbt12Cents'], ['exportRevenueCents']],
      (input) => input.exportRevenueCents === undefined || input.exportRbt12Cents !== undefined,
      'Informe também a receita de exportação dos últimos 12 meses (RBT12 das exportações).',
    ),
    ['exportRbt12Cents'],
  ),
  v.forward(
    v.partialCheck(
      [['exportRbt12Cents'], ['exportRevenueCents']],
      (input) => input.exportRbt12Cents === undefined || input.exportRevenueCents !== undefined,
      'Informe também a receita de exportação do mês.',
    ),
    ['exportRevenueCents'],
  ),
);
export type SimplesNacionalToolQuery = v.InferOutput<typeof SimplesNacionalToolQuerySchema>;

/** The calculator's query as the DAS function's input; `currentCompetence` when the query names none. */
export function simplesNacionalToolInput(query: SimplesNacionalToolQuery, currentCompetence: string): DasInput {
  return {
    competence: query.competence ?? currentCompetence,
    annex: query.annex,
    rbt12: query.rbt12Cents,
    revenueCents: query.revenueCents,
    payroll12Cents: query.payroll12Cents,
    exportRbt12: query.exportRbt12Cents,
    exportRevenueCents: query.exportRevenueCents,
  };
}
