import { and, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import {
  BANK_MESSAGES,
  BankAccountsQuerySchema,
  BankTransactionsQuerySchema,
  BulkTaxCategoryBodySchema,
  CategoryRuleBodySchema,
  CompanyQuerySchema,
  EXPORT_TYPES,
  ExportQuerySchema,
  ExportSummaryQuerySchema,
  MAX_OFX_BYTES,
  OFX_SYNC_MAX_MOVEMENTS,
  periodRange,
  TaxCategoryBodySchema,
  uncategorisedExportMessage,
  UNCLASSIFIED_LEDGER_ACCOUNT,
} from '@domain';
import type { AppDeps } from '../deps';
import { authenticate, validCompany } from '../auth/middleware';
import {
  applyRules,
  exportSummary,
  findAccount,
  listAccounts,
  listRules,
  listTaxCategories,
  toRuleDto,
  toTransactionDto,
  transactionsBetween,
  transactionsPageJson,
} from '../db/bank-statements';
import { assertCompanyExists } from '../services/companies';
import { createImport, getImport, runImport, toProgress, visibleMovement } from '../db/statement-imports';
import { bankAccounts, bankStatementImports, bankTransactions, categoryRules } from '../db/schema';
import { HttpError, badRequest, notFound } from '../http/errors';
import { json, writtenJson } from '../http/json';
import type { AppEnv } from '../http/types';
import { valid } from '../http/validate';
import { createCategoryRule } from '../services/category-rules';
import { OfxParseError } from '../services/ofx';
import type { PreparedImport } from '../db/statement-batches';
import { isCategorised, toCsv, toLedgerTxt } from '../services/statement-export';
import { prepareOfxOffThread } from '../services/statement-prepare';
import { contentDisposition } from '../services/content-disposition';

const ACCOUNT_NOT_FOUND = 'Conta bancária não encontrada.';
const TRANSACTION_NOT_FOUND = 'Movimentação não encontrada.';
const RULE_NOT_FOUND = 'Regra não encontrada.';
const OFX_TOO_LARGE = `O arquivo OFX passa do limite de ${MAX_OFX_BYTES / 1024 / 1024} MB. Exporte um período menor.`;

function validId(message: string) {
  return validator('param', (params: Record<string, string>) => {
    if (!v.is(v.pipe(v.string(), v.uuid()), params.id)) throw notFound(message);
    return { id: params.id, type: params.type };
  });
}

/** docs/api.md Bank statements: OFX import, accounts, movements, categories and rules, exports. */
export function bankStatementsRoutes({ db, identity, logger }: AppDeps) {
  return (
    new Hono<AppEnv>()
      .use('/bank-statements/*', authenticate(identity))
      .get('/bank-statements/tax-categories', async (c) => {
        const data = await listTaxCategories(db);
        return json(c, 'GET /bank-statements/tax-categories', { data, total: data.length });
      })
      .post('/bank-statements/ofx/upload', validCompany('query', CompanyQuerySchema), async (c) => {
        const { companyId } = c.req.valid('query');
        await assertCompanyExists(db, companyId);
        if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
          throw badRequest('Envie o arquivo OFX como multipart/form-data no campo "file".');
        }
        const form = await c.req.parseBody().catch(() => {
          throw badRequest('Não foi possível ler o arquivo enviado.');
        });
        const file = form.file;
        if (!(file instanceof File))
          throw badRequest('Escolha o arquivo OFX do extrato.', { file: 'Escolha o arquivo OFX do extrato.' });
        if (file.size === 0) throw badRequest('O arquivo está vazio.', { file: 'O arquivo está vazio.' });
        if (file.size > MAX_OFX_BYTES) throw new HttpError(413, 'payload_too_large', OFX_TOO_LARGE);
        const rules = await listRules(db, companyId);
        let prepared: PreparedImport;
        try {
          // Read, keyed and laid out in batches off the server's thread when the file is large.
          prepared = await prepareOfxOffThread({ bytes: new Uint8Array(await file.arrayBuffer()), rules });
        } catch (error) {
          if (error instanceof OfxParseError) throw badRequest(error.message, { file: error.message });
          throw error;
        }
        const importId = await createImport(db, { companyId, total: prepared.total, createdBy: c.var.identity.uid });
        const running = runImport(db, importId, companyId, prepared);
        // A small file is imported while the upload waits, and answered with its summary as always.
        if (prepared.total <= OFX_SYNC_MAX_MOVEMENTS)
          return json(c, 'POST /bank-statements/ofx/upload', { data: await running }, 201);
        // A large one goes on after the answer; the screen follows it at GET …/imports/:id.
        running.catch((error: unknown) => logger.error(`OFX import ${importId} failed and was undone`, error));
        const [row] = await db.select().from(bankStatementImports).where(eq(bankStatementImports.id, importId));
        return json(c, 'POST /bank-statements/ofx/upload', { data: toProgress(row) }, 202, {
          location: `/api/bank-statements/imports/${importId}?companyId=${companyId}`,
        });
      })
      .get(
        '/bank-statements/imports/:id',
        validId(BANK_MESSAGES.importNotFound),
        validCompany('query', CompanyQuerySchema),
        async (c) => {
          const { companyId } = c.req.valid('query');
          const progress = await getImport(db, companyId, c.req.valid('param').id);
          if (!progress) throw notFound(BANK_MESSAGES.importNotFound);
          return json(c, 'GET /bank-statements/imports/:id', { data: progress }, 200, { 'cache-control': 'private, no-store' });
        },
      )
      .get('/bank-statements/accounts', validCompany('query', BankAccountsQuerySchema), async (c) => {
        const { companyId, limit, offset } = c.req.valid('query');
        return json(c, 'GET /bank-statements/accounts', await listAccounts(db, { companyId, limit, offset }));
      })
      .get('/bank-statements/accounts/:id', validId(ACCOUNT_NOT_FOUND), validCompany('query', CompanyQuerySchema), async (c) => {
        const { companyId } = c.req.valid('query');
        const { data } = await listAccounts(db, { companyId, accountId: c.req.valid('param').id, limit: 1, offset: 0 });
        if (!data[0]) throw notFound(ACCOUNT_NOT_FOUND);
        return json(c, 'GET /bank-statements/accounts/:id', { data: data[0] });
      })
      .delete(
        '/bank-statements/accounts/:id',
        validId(ACCOUNT_NOT_FOUND),
        validCompany('query', CompanyQuerySchema),
        async (c) => {
          const { companyId } = c.req.valid('query');
          const account = await findAccount(db, companyId, c.req.valid('param').id);
          if (!account) throw notFound(ACCOUNT_NOT_FOUND);
          // Its movements go with it (ON DELETE CASCADE), in the same statement.
          await db.delete(bankAccounts).where(eq(bankAccounts.id, account.id));
          return json(c, 'DELETE /bank-statements/accounts/:id', { data: { id: account.id } });
        },
      )
      // What a month's export would carry, so the screen can tell about movements without category before exporting.
      .get(
        '/bank-statements/accounts/:id/export-summary',
        validId(ACCOUNT_NOT_FOUND),
        validCompany('query', ExportSummaryQuerySchema),
        async (c) => {
          const { companyId, date } = c.req.valid('query');
          const account = await findAccount(db, companyId, c.req.valid('param').id);
          if (!account) throw notFound(ACCOUNT_NOT_FOUND);
          return json(c, 'GET /bank-statements/accounts/:id/export-summary', { data: await exportSummary(db, account.id, date) });
        },
      )
      .get(
        '/bank-statements/accounts/:id/exports/:type?',
        validId(ACCOUNT_NOT_FOUND),
        validCompany('query', ExportQuerySchema),
        async (c) => {
          const { companyId, date, uncategorised } = c.req.valid('query');
          const type = c.req.valid('param').type ?? 'txt';
          if (!v.is(v.picklist(EXPORT_TYPES), type)) throw badRequest('Formato de exportação inválido: use txt ou csv.');
          const account = await findAccount(db, companyId, c.req.valid('param').id);
          if (!account) throw notFound(ACCOUNT_NOT_FOUND);
          const { from, to } = periodRange(date);
          const rows = await transactionsBetween(db, account.id, from, to);
          // Movements without category never go out silently: the caller says whether they are booked "a classificar"
          // or left out, and the answer says how many were (the TXT layout has no room for a note of its own).
          const pending = rows.filter((row) => !isCategorised(row)).length;
          if (pending > 0 && !uncategorised) {
            throw new HttpError(
              409,
              'confirmation_required',
              `${uncategorisedExportMessage({ month: date, total: rows.length, uncategorised: pending })} Categorize-as ` +
                `antes, exporte mesmo assim marcando-as como “a classificar” (conta ${UNCLASSIFIED_LEDGER_ACCOUNT}) ou ` +
                'exporte sem elas.',
            );
          }
          const omitted = uncategorised === 'omit' ? pending : 0;
          const exported = omitted > 0 ? rows.filter(isCategorised) : rows;
          const body = type === 'txt' ? toLedgerTxt(exported) : toCsv(exported);
          const name = `extrato-${account.accountNumber.replace(/[^\w-]+/g, '')}-${date}.${type}`;
          return c.body(new Uint8Array(body), 200, {
            'content-type': type === 'txt' ? 'text/plain; charset=windows-1252' : 'text/csv; charset=utf-8',
            'content-disposition': contentDisposition(name),
            'cache-control': 'private, no-store',
            'x-uncategorised-included': String(pending - omitted),
            'x-uncategorised-omitted': String(omitted),
          });
        },
      )
      .get('/bank-statements/transactions', validCompany('query', BankTransactionsQuerySchema), async (c) => {
        const { companyId, accountId, withoutTaxCategory, month, limit, offset } = c.req.valid('query');
        const page = await transactionsPageJson(db, { companyId, accountId, withoutTaxCategory, month, limit, offset });
        if (page === undefined) throw notFound(ACCOUNT_NOT_FOUND);
        return writtenJson(c, 'GET /bank-statements/transactions', page);
      })
      // Bulk: several selected movements into one category (or none).
      .post(
        '/bank-statements/transactions/tax-category',
        validCompany('query', CompanyQuerySchema),
        valid('json', BulkTaxCategoryBodySchema),
        async (c) => {
          const { companyId } = c.req.valid('query');
          const { ids, taxCategoryId } = c.req.valid('json');
          const updated = await db
            .update(bankTransactions)
            .set({ taxCategoryId, categorySource: taxCategoryId ? 'manual' : null })
            .where(and(eq(bankTransactions.companyId, companyId), inArray(bankTransactions.id, ids), visibleMovement()))
            .returning({ id: bankTransactions.id });
          return json(c, 'POST /bank-statements/transactions/tax-category', { data: { updated: updated.length } });
        },
      )
      .put(
        '/bank-statements/transactions/:id/tax-category',
        validId(TRANSACTION_NOT_FOUND),
        validCompany('query', CompanyQuerySchema),
        valid('json', TaxCategoryBodySchema),
        async (c) => {
          const { companyId } = c.req.valid('query');
          const { taxCategoryId } = c.req.valid('json');
          const [row] = await db
            .update(bankTransactions)
            .set({ taxCategoryId, categorySource: taxCategoryId ? 'manual' : null })
            .where(
              and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.id, c.req.valid('param').id), visibleMovement()),
            )
            .returning();
          if (!row) throw notFound(TRANSACTION_NOT_FOUND);
          return json(c, 'PUT /bank-statements/transactions/:id/tax-category', { data: toTransactionDto(row) });
        },
      )
      .get('/bank-statements/category-rules', validCompany('query', CompanyQuerySchema), async (c) => {
        const { companyId } = c.req.valid('query');
        const rules = await listRules(db, companyId);
        return json(c, 'GET /bank-statements/category-rules', { data: rules.map(toRuleDto), total: rules.length });
      })
      .post('/bank-statements/category-rules/apply', validCompany('query', CompanyQuerySchema), async (c) => {
        const { companyId } = c.req.valid('query');
        // Outside a transaction on purpose: each batch re-checks that a movement still has no category, and a long
        // transaction would hold the account's version row against every other write (a deadlock with a person's edit).
        const categorized = await applyRules(db, companyId);
        return json(c, 'POST /bank-statements/category-rules/apply', { data: { categorized } });
      })
      .post(
        '/bank-statements/category-rules',
        validCompany('query', CompanyQuerySchema),
        valid('json', CategoryRuleBodySchema),
        async (c) => {
          const { companyId } = c.req.valid('query');
          const { rule, applied } = await createCategoryRule(
            { db },
            { companyId, input: c.req.valid('json'), actor: c.var.identity.uid },
          );
          return json(c, 'POST /bank-statements/category-rules', { data: toRuleDto(rule), applied }, 201);
        },
      )
      .delete(
        '/bank-statements/category-rules/:id',
        validId(RULE_NOT_FOUND),
        validCompany('query', CompanyQuerySchema),
        async (c) => {
          const { companyId } = c.req.valid('query');
          const [deleted] = await db
            .delete(categoryRules)
            .where(and(eq(categoryRules.companyId, companyId), eq(categoryRules.id, c.req.valid('param').id)))
            .returning({ id: categoryRules.id });
          if (!deleted) throw notFound(RULE_NOT_FOUND);
          return json(c, 'DELETE /bank-statements/category-rules/:id', { data: deleted });
        },
      )
  );
}
