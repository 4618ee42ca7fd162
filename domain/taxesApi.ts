import type * as v from 'valibot';
import type {
  MonthlyFiguresSchema,
  ObligationKind,
  ObligationPaymentSchema,
  ObligationsAnswer,
  ObligationsQuerySchema,
  TaxProfileSchema,
  TeamObligationRow,
  TeamObligationsQuerySchema,
} from './obligations';
import type { Page } from './pagination';
import type { MeiActivityKind, SimplesAnnex } from './taxes';
import { endpoint } from './apiContract';

type CompanyQuery = { companyId: string };

/** What the team states about a company's taxes (docs/taxes.md "Obligations"). */
export interface TaxProfileView {
  annex: SimplesAnnex | null;
  fatorR: boolean | null;
  meiActivity: MeiActivityKind | null;
  activityStart: string | null;
}

/** A month's payroll and the revenue from before the company joined. */
export interface MonthlyFiguresView {
  competence: string;
  payrollCents: number | null;
  previousRevenueCents: number | null;
}

/** An obligation paid (or filed) on a day, with its guide and receipt. */
export interface ObligationPaymentView {
  kind: ObligationKind;
  competence: string;
  paidAt: string | null;
  paidBy: string | null;
  guideDocumentId: string | null;
  receiptDocumentId: string | null;
}

/** docs/api.md and docs/taxes.md: the year's obligations, the team's month, and what the team records. */
export const TAXES_API = {
  'GET /obligations': endpoint<{
    query: v.InferInput<typeof ObligationsQuerySchema>;
    response: { data: ObligationsAnswer };
  }>(),
  'GET /obligations/team': endpoint<{
    query: v.InferInput<typeof TeamObligationsQuerySchema>;
    response: Page<TeamObligationRow>;
  }>(),
  'PUT /obligations/tax-profile': endpoint<{
    query: CompanyQuery;
    body: v.InferInput<typeof TaxProfileSchema>;
    response: { data: TaxProfileView };
  }>(),
  'PUT /obligations/figures': endpoint<{
    query: CompanyQuery;
    body: v.InferInput<typeof MonthlyFiguresSchema>;
    response: { data: MonthlyFiguresView };
  }>(),
  'PUT /obligations/payments': endpoint<{
    query: CompanyQuery;
    body: v.InferInput<typeof ObligationPaymentSchema>;
    response: { data: ObligationPaymentView };
  }>(),
};
