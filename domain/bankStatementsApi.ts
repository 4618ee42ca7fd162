import type * as v from 'valibot';
import type {
  BankAccount,
  BankAccountsQuerySchema,
  BankConnection,
  BankSyncResult,
  BankTransaction,
  BankTransactionsQuerySchema,
  BulkTaxCategoryBodySchema,
  CategoryRule,
  CategoryRuleBodySchema,
  CoraCallbackQuerySchema,
  ExportQuerySchema,
  ExportSummary,
  ExportSummaryQuerySchema,
  OfxImportProgress,
  OfxImportSummary,
  TaxCategory,
  TaxCategoryBodySchema,
} from './bankStatements';
import type { Page } from './pagination';
import type { FileAnswer, MultipartForm } from './apiContract';
import { endpoint } from './apiContract';

type CompanyQuery = { companyId: string };

/** docs/api.md and docs/bank-statements.md: imports, accounts, movements, categories, rules, exports, connections. */
export const BANK_STATEMENTS_API = {
  'GET /bank-statements/tax-categories': endpoint<{ response: Page<TaxCategory> }>(),
  /** Multipart: the OFX file in `file`; a large one answers 202 with its progress. */
  'POST /bank-statements/ofx/upload': endpoint<{
    query: CompanyQuery;
    body: MultipartForm;
    response: { data: OfxImportSummary | OfxImportProgress };
  }>(),
  'GET /bank-statements/imports/:id': endpoint<{ query: CompanyQuery; response: { data: OfxImportProgress } }>(),
  'GET /bank-statements/accounts': endpoint<{
    query: v.InferInput<typeof BankAccountsQuerySchema>;
    response: Page<BankAccount>;
  }>(),
  'GET /bank-statements/accounts/:id': endpoint<{ query: CompanyQuery; response: { data: BankAccount } }>(),
  'DELETE /bank-statements/accounts/:id': endpoint<{ query: CompanyQuery; response: { data: { id: string } } }>(),
  'GET /bank-statements/accounts/:id/export-summary': endpoint<{
    query: v.InferInput<typeof ExportSummaryQuerySchema>;
    response: { data: ExportSummary };
  }>(),
  'GET /bank-statements/accounts/:id/exports/:type?': endpoint<{
    query: v.InferInput<typeof ExportQuerySchema>;
    response: FileAnswer;
  }>(),
  'GET /bank-statements/transactions': endpoint<{
    query: v.InferInput<typeof BankTransactionsQuerySchema>;
    response: Page<BankTransaction>;
  }>(),
  'POST /bank-statements/transactions/tax-category': endpoint<{
    query: CompanyQuery;
    body: v.InferInput<typeof BulkTaxCategoryBodySchema>;
    response: { data: { updated: number } };
  }>(),
  'PUT /bank-statements/transactions/:id/tax-category': endpoint<{
    query: CompanyQuery;
    body: v.InferInput<typeof TaxCategoryBodySchema>;
    response: { data: BankTransaction };
  }>(),
  'GET /bank-statements/category-rules': endpoint<{ query: CompanyQuery; response: Page<CategoryRule> }>(),
  'POST /bank-statements/category-rules/apply': endpoint<{
    query: CompanyQuery;
    response: { data: { categorized: number } };
  }>(),
  'POST /bank-statements/category-rules': endpoint<{
    query: CompanyQuery;
    body: v.InferInput<typeof CategoryRuleBodySchema>;
    response: { data: CategoryRule; applied: number };
  }>(),
  'DELETE /bank-statements/category-rules/:id': endpoint<{ query: CompanyQuery; response: { data: { id: string } } }>(),
  'GET /bank-statements/connections/oauth/cora': endpoint<{ query: CompanyQuery; response: { data: { url: string } } }>(),
  'POST /bank-statements/connections/oauth/cora': endpoint<{
    query: v.InferInput<typeof CoraCallbackQuerySchema>;
    response: { data: BankSyncResult };
  }>(),
  'GET /bank-statements/connections': endpoint<{ query: CompanyQuery; response: Page<BankConnection> }>(),
  'GET /bank-statements/connections/:id': endpoint<{ query: CompanyQuery; response: { data: BankConnection } }>(),
  'POST /bank-statements/connections/:id/sync': endpoint<{ query: CompanyQuery; response: { data: BankSyncResult } }>(),
};
