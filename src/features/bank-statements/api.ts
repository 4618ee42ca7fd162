import type { QueryClient } from '@tanstack/react-query';
import { queryOptions } from '@tanstack/react-query';
import type { BankAccount, BankConnection, CategoryRule, ExportType, UncategorisedExportChoice } from '@domain';
import { MAX_PAGE_SIZE, PAGE_SIZE, TAX_CATEGORIES } from '@domain';
import { api } from '@/lib/api/call';
import { saveDownload } from '@/lib/api/download';

/** Bank statements: accounts, movements, tax categories, category rules, exports, and the billing-by-category report. */

export interface TransactionListParams {
  companyId: string;
  accountId: string;
  page: number;
  /** YYYY-MM */
  month?: string;
  withoutTaxCategory?: boolean;
}

export type RuleDirection = CategoryRule['direction'];

export interface NewCategoryRule {
  contains: string;
  direction: RuleDirection;
  taxCategoryId: string;
}

export const bankQueries = {
  /** Every query of this resource, to invalidate after a change that moves counts around. */
  all: () => ['bank-statements'] as const,
  accountsOf: (companyId: string) => ['bank-statements', 'accounts', companyId] as const,
  accounts: (companyId: string, page: number) =>
    queryOptions({
      queryKey: ['bank-statements', 'accounts', companyId, { page }],
      queryFn: () =>
        api('GET /bank-statements/accounts', {
          query: { companyId, limit: PAGE_SIZE.bankAccounts, offset: (page - 1) * PAGE_SIZE.bankAccounts },
        }),
    }),
  /** One account, found in the company's list (the API has no single-account read). */
  account: (companyId: string, accountId: string) =>
    queryOptions({
      queryKey: ['bank-statements', 'accounts', companyId, 'lookup'],
      queryFn: () => api('GET /bank-statements/accounts', { query: { companyId, limit: MAX_PAGE_SIZE, offset: 0 } }),
      select: (page) => page.data.find((account) => account.id === accountId) ?? null,
    }),
  transactions: ({ companyId, accountId, page, month, withoutTaxCategory }: TransactionListParams) =>
    queryOptions({
      queryKey: ['bank-statements', 'transactions', companyId, accountId, { page, month, withoutTaxCategory }],
      queryFn: () =>
        api('GET /bank-statements/transactions', {
          query: {
            companyId,
            accountId,
            month: month || undefined,
            withoutTaxCategory: withoutTaxCategory ? 'true' : undefined,
            limit: PAGE_SIZE.transactions,
            offset: (page - 1) * PAGE_SIZE.transactions,
          },
        }),
    }),
  /**
   * How many of a month's movements an export would carry and how many lack a category. Under `transactions`, so a
   * change of category (`invalidateMovements`) refreshes it.
   */
  exportSummary: (account: Pick<BankAccount, 'id' | 'companyId'>, month: string) =>
    queryOptions({
      queryKey: ['bank-statements', 'transactions', account.companyId, account.id, 'export-summary', month],
      queryFn: () =>
        api('GET /bank-statements/accounts/:id/export-summary', {
          params: { id: account.id },
          query: { companyId: account.companyId, date: month },
        }).then((r) => r.data),
    }),
  taxCategories: () =>
    queryOptions({
      queryKey: ['bank-statements', 'tax-categories'],
      queryFn: () => api('GET /bank-statements/tax-categories').then((r) => r.data),
      // The same list ships with the domain: the selects work at once, and the server's answer replaces it.
      placeholderData: [...TAX_CATEGORIES],
      staleTime: Infinity,
    }),
  /** The company's bank connections (Cora). */
  connections: (companyId: string) =>
    queryOptions({
      queryKey: ['bank-statements', 'connections', companyId],
      queryFn: () => api('GET /bank-statements/connections', { query: { companyId } }),
    }),
  rules: (companyId: string) =>
    queryOptions({
      queryKey: ['bank-statements', 'rules', companyId],
      queryFn: () => api('GET /bank-statements/category-rules', { query: { companyId } }),
    }),
  billingByCategory: (companyId: string, period: string) =>
    queryOptions({
      queryKey: ['bank-statements', 'billing-by-category', companyId, period],
      queryFn: () => api('GET /reports/billing-by-category', { query: { companyId, period } }).then((r) => r.data),
    }),
};

/**
 * The features the signed-in person may see (docs/security.md feature flags). Per person: the session clears the query cache
 * on sign-out, so the key needs no user id.
 */
/** After movements change category: their lists, the accounts' counts and the chart. */
export function invalidateMovements(queryClient: QueryClient) {
  return Promise.all(
    (['transactions', 'accounts', 'billing-by-category'] as const).map((part) =>
      queryClient.invalidateQueries({ queryKey: ['bank-statements', part] }),
    ),
  );
}

export const deleteAccount = (account: Pick<BankAccount, 'id' | 'companyId'>) =>
  api('DELETE /bank-statements/accounts/:id', { params: { id: account.id }, query: { companyId: account.companyId } });

export const setTaxCategory = (companyId: string, transactionId: string, taxCategoryId: string | null) =>
  api('PUT /bank-statements/transactions/:id/tax-category', {
    params: { id: transactionId },
    query: { companyId },
    body: { taxCategoryId },
  }).then((r) => r.data);

export const setTaxCategoryMany = (companyId: string, ids: string[], taxCategoryId: string | null) =>
  api('POST /bank-statements/transactions/tax-category', {
    query: { companyId },
    body: { ids, taxCategoryId },
  }).then((r) => r.data.updated);

export const createRule = (companyId: string, rule: NewCategoryRule) =>
  api('POST /bank-statements/category-rules', {
    query: { companyId },
    body: { ...rule, applyNow: true },
  });

export const deleteRule = (rule: Pick<CategoryRule, 'id' | 'companyId'>) =>
  api('DELETE /bank-statements/category-rules/:id', { params: { id: rule.id }, query: { companyId: rule.companyId } });

export const applyRules = (companyId: string) =>
  api('POST /bank-statements/category-rules/apply', {
    query: { companyId },
  }).then((r) => r.data.categorized);

/** The Cora sign-in page for this company (the server adds the `state` it will check on the way back). */
export const coraAuthorizeUrl = (companyId: string) =>
  api('GET /bank-statements/connections/oauth/cora', { query: { companyId } }).then((r) => r.data.url);

/** Exchanges the code Cora sent back (once: Cora accepts a code only once) and pulls the last 90 days. */
export const connectCora = (input: { companyId: string; code: string; state: string }) =>
  api('POST /bank-statements/connections/oauth/cora', {
    query: { code: input.code, state: input.state, companyId: input.companyId },
  }).then((r) => r.data);

/** Pulls a connection's new movements now. */
export const syncConnection = (connection: Pick<BankConnection, 'id' | 'companyId'>) =>
  api('POST /bank-statements/connections/:id/sync', {
    params: { id: connection.id },
    query: { companyId: connection.companyId },
  }).then((r) => r.data);

/** What a download of an export carried: how many movements without category went in "a classificar" or were left out. */
export interface ExportResult {
  name: string;
  included: number;
  omitted: number;
}

/**
 * Downloads a month of an account's movements (TXT for the accounting system, or CSV), saved under the name the
 * server gives. A month with movements without category needs `uncategorised` (else the server answers 409
 * `confirmation_required` with how many): `include` books them "a classificar", `omit` leaves them out.
 */
export async function downloadExport(
  account: Pick<BankAccount, 'id' | 'companyId'>,
  type: ExportType,
  month: string,
  uncategorised?: UncategorisedExportChoice,
): Promise<ExportResult> {
  const { name, headers } = await saveDownload('GET /bank-statements/accounts/:id/exports/:type?', {
    params: { id: account.id, type },
    query: { date: month, companyId: account.companyId, ...(uncategorised ? { uncategorised } : {}) },
    fallbackName: `extrato-${month}.${type}`,
  });
  const count = (header: string) => Number(headers.get(header) ?? 0) || 0;
  return { name, included: count('x-uncategorised-included'), omitted: count('x-uncategorised-omitted') };
}
