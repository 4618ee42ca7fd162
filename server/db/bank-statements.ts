import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type {
  BankAccount,
  BankTransaction,
  BillingByCategory,
  CategoryRule,
  ExportSummary,
  OfxImportSummary,
  Page,
  TaxCategory,
} from '@domain';
import { MAX_CATEGORY_RULES, TAX_CATEGORIES, bankName, periodRange } from '@domain';
import type { ImportedAccount } from './statement-batches';
import { categoryByRules, prepareAccounts } from './statement-batches';
import type { DbExecutor } from './executor';
import type { JsonText } from './json';
import { isoTimestamp, jsonArrayText, numberOrNull, pageAnswer } from './json';
import { listTotals } from './list-totals';
import { preparedFor } from './prepared';
import { bankAccounts, bankTransactions, categoryRules, taxCategories } from './schema';
import { createImport, runImport, visibleAccount, visibleMovement } from './statement-imports';

export type { ImportedAccount, ImportedTransaction } from './statement-batches';
export { categoryByRules, dedupKeys } from './statement-batches';

type AccountRow = typeof bankAccounts.$inferSelect;
type TransactionRow = typeof bankTransactions.$inferSelect;
type RuleRow = typeof categoryRules.$inferSelect;

/** Rows per UPDATE when rules categorise movements. */
const UPDATE_BATCH = 5_000;

export function toTransactionDto(row: TransactionRow): BankTransaction {
  return {
    id: row.id,
    accountId: row.accountId,
    postedOn: row.postedOn,
    amountCents: row.amountCents,
    description: row.description,
    memo: row.memo,
    type: row.type,
    taxCategoryId: row.taxCategoryId,
    categorySource: row.categorySource,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toRuleDto(row: RuleRow): CategoryRule {
  return {
    id: row.id,
    companyId: row.companyId,
    contains: row.contains,
    direction: row.direction,
    taxCategoryId: row.taxCategoryId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listTaxCategories(db: DbExecutor): Promise<TaxCategory[]> {
  const rows = await db.select().from(taxCategories).orderBy(asc(taxCategories.position));
  return rows.map(({ id, name, kind, ledgerAccount, description }) => ({ id, name, kind, ledgerAccount, description }));
}

/** Accounts of a company with what they hold, in one round trip. */
export async function listAccounts(
  db: DbExecutor,
  filter: { companyId: string; limit: number; offset: number; accountId?: string },
): Promise<{ data: BankAccount[]; total: number }> {
  const stats = db
    .select({
      accountId: bankTransactions.accountId,
      transactionCount: count().as('transaction_count'),
      uncategorizedCount: sql<number>`count(*) filter (where ${bankTransactions.taxCategoryId} is null)`.as(
        'uncategorized_count',
      ),
      totalCents: sql<string>`coalesce(sum(${bankTransactions.amountCents}), 0)`.as('total_cents'),
      firstOn: sql<string | null>`min(${bankTransactions.postedOn})`.as('first_on'),
      lastOn: sql<string | null>`max(${bankTransactions.postedOn})`.as('last_on'),
    })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, filter.companyId), visibleMovement()))
    .groupBy(bankTransactions.accountId)
    .as('stats');
  const where = and(
    eq(bankAccounts.companyId, filter.companyId),
    filter.accountId ? eq(bankAccounts.id, filter.accountId) : undefined,
    visibleAccount(),
  );
  const rows = await db
    .select({
      account: bankAccounts,
      transactionCount: stats.transactionCount,
      uncategorizedCount: stats.uncategorizedCount,
      totalCents: stats.totalCents,
      firstOn: stats.firstOn,
      lastOn: stats.lastOn,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(bankAccounts)
    .leftJoin(stats, eq(stats.accountId, bankAccounts.id))
    .where(where)
    .orderBy(desc(bankAccounts.lastImportAt), asc(bankAccounts.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const total =
    rows[0]?.total ?? (filter.offset > 0 ? (await db.select({ n: count() }).from(bankAccounts).where(where))[0].n : 0);
  return {
    data: rows.map(({ account, transactionCount, uncategorizedCount, totalCents, firstOn, lastOn }) => ({
      id: account.id,
      companyId: account.companyId,
      source: account.source,
      bankId: account.bankId || null,
      bankName: bankName(account.bankId || null) ?? (account.source === 'cora' ? 'Cora' : null),
      branchId: account.branchId || null,
      accountNumber: account.accountNumber,
      kind: account.kind,
      currency: account.currency,
      transactionCount: Number(transactionCount ?? 0),
      uncategorizedCount: Number(uncategorizedCount ?? 0),
      totalCents: Number(totalCents ?? 0),
      firstTransactionOn: firstOn ?? null,
      lastTransactionOn: lastOn ?? null,
      lastImportAt: account.lastImportAt?.toISOString() ?? null,
      createdAt: account.createdAt.toISOString(),
    })),
    total,
  };
}

export async function findAccount(db: DbExecutor, companyId: string, id: string): Promise<AccountRow | undefined> {
  const statement = preparedFor(db, 'find_account', () =>
    db
      .select()
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.companyId, sql.placeholder('companyId')),
          eq(bankAccounts.id, sql.placeholder('id')),
          visibleAccount(),
        ),
      )
      .prepare('find_account'),
  );
  const [row] = await statement.execute({ companyId, id });
  return row;
}

/**
 * The page of an account's movements, prepared per kind of filter (month or not, only without category or not), as
 * the answer's JSON built by PostgreSQL — each movement as `toTransactionDto` gives it — so the server neither maps
 * rows nor serialises them (a fifth to a third of a cheap list's cost in the server's thread). With the page, the
 * account's `movements_version` in the same snapshot, or null when the account is not this company's or not visible
 * (the caller answers 404 then): one statement per call, where the account and the page were two.
 */
function movementsPage(db: DbExecutor, month: boolean, uncategorised: boolean) {
  const name = `movements_page_${month ? 'm' : ''}${uncategorised ? 'u' : ''}`;
  return preparedFor(db, name, () => {
    const order = [desc(bankTransactions.postedOn), desc(bankTransactions.createdAt), asc(bankTransactions.id)];
    const page = db
      .select({ id: bankTransactions.id })
      .from(bankTransactions)
      .where(
        and(
          eq(bankTransactions.accountId, sql.placeholder('accountId')),
          uncategorised ? isNull(bankTransactions.taxCategoryId) : undefined,
          month ? gte(bankTransactions.postedOn, sql.placeholder('from')) : undefined,
          month ? lte(bankTransactions.postedOn, sql.placeholder('to')) : undefined,
          visibleMovement(),
        ),
      )
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    const version = db
      .select({ version: bankAccounts.movementsVersion })
      .from(bankAccounts)
      .where(
        and(
          eq(bankAccounts.id, sql.placeholder('accountId')),
          eq(bankAccounts.companyId, sql.placeholder('companyId')),
          visibleAccount(),
        ),
      );
    const t = bankTransactions;
    return db
      .select({
        data: jsonArrayText(
          sql`json_build_object(
            'id', ${t.id}, 'accountId', ${t.accountId}, 'postedOn', ${t.postedOn}, 'amountCents', ${t.amountCents},
            'description', ${t.description}, 'memo', ${t.memo}, 'type', ${t.type}, 'taxCategoryId', ${t.taxCategoryId},
            'categorySource', ${t.categorySource}, 'createdAt', ${isoTimestamp(t.createdAt)}
          )`,
          order,
        ),
        version: sql<number | null>`(${version})`.mapWith(numberOrNull),
      })
      .from(page)
      .innerJoin(bankTransactions, eq(bankTransactions.id, page.id))
      .prepare(name);
  });
}

/**
 * A page of an account's movements, newest first (`month`, YYYY-MM, narrows to one month), as the answer's JSON
 * (`{ data, total }`), or undefined when the account is not this company's.
 */
export async function transactionsPageJson(
  db: DbExecutor,
  filter: {
    companyId: string;
    accountId: string;
    withoutTaxCategory: boolean;
    month?: string;
    limit: number;
    offset: number;
  },
): Promise<JsonText<Page<BankTransaction>> | undefined> {
  const range = filter.month ? periodRange(filter.month) : undefined;
  // The page's ids first, from `bank_transactions_account_list_idx` alone (it holds every column the filters and the
  // order need), then only those rows: a deep page skips index entries, not whole rows.
  const [page] = await movementsPage(db, range !== undefined, filter.withoutTaxCategory).execute({
    companyId: filter.companyId,
    accountId: filter.accountId,
    from: range?.from,
    to: range?.to,
    limit: filter.limit,
    offset: filter.offset,
  });
  if (!page || page.version === null) return undefined;
  const totalKey = `movements\u0000${filter.accountId}\u0000${filter.withoutTaxCategory ? 'uncategorised' : ''}\u0000${filter.month ?? ''}`;
  // Counted before at this version: nothing the total counts has changed since.
  const known = listTotals.get(totalKey, page.version);
  if (known !== undefined) return pageAnswer(page.data, known);
  if (page.data === '[]' && filter.offset === 0) return pageAnswer(page.data, 0);
  // Otherwise counted now, with the version it was counted at (one statement, one snapshot).
  const where = and(
    eq(bankTransactions.accountId, filter.accountId),
    filter.withoutTaxCategory ? isNull(bankTransactions.taxCategoryId) : undefined,
    range ? gte(bankTransactions.postedOn, range.from) : undefined,
    range ? lte(bankTransactions.postedOn, range.to) : undefined,
    visibleMovement(),
  );
  const counted = db.select({ n: count() }).from(bankTransactions).where(where);
  const version = db
    .select({ version: bankAccounts.movementsVersion })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, filter.accountId));
  const [row] = await db
    .select({ total: sql<number>`(${counted})`.mapWith(Number), version: sql<number>`(${version})`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  listTotals.set(totalKey, row.version, row.total);
  return pageAnswer(page.data, row.total);
}

/** The movements an account shows between two days (YYYY-MM-DD, both included). */
const movementsBetween = (accountId: string, from: string, to: string) =>
  and(
    eq(bankTransactions.accountId, accountId),
    gte(bankTransactions.postedOn, from),
    lte(bankTransactions.postedOn, to),
    visibleMovement(),
  );

/** A month's movements of an account, and how many of them lack a category: what an export would carry. */
export async function exportSummary(db: DbExecutor, accountId: string, month: string): Promise<ExportSummary> {
  const { from, to } = periodRange(month);
  const [row] = await db
    .select({ total: count(), categorised: count(bankTransactions.taxCategoryId) })
    .from(bankTransactions)
    .where(movementsBetween(accountId, from, to));
  const total = Number(row?.total ?? 0);
  return { month, total, uncategorised: total - Number(row?.categorised ?? 0) };
}

/** The movements of one account in a date range, oldest first: what an export carries. */
export async function transactionsBetween(db: DbExecutor, accountId: string, from: string, to: string) {
  return db
    .select()
    .from(bankTransactions)
    .where(movementsBetween(accountId, from, to))
    .orderBy(asc(bankTransactions.postedOn), asc(bankTransactions.createdAt), asc(bankTransactions.id));
}

/** A company's rules, oldest first: all of them, since a company keeps at most `MAX_CATEGORY_RULES`. */
export async function listRules(db: DbExecutor, companyId: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(categoryRules)
    .where(eq(categoryRules.companyId, companyId))
    .orderBy(asc(categoryRules.createdAt), asc(categoryRules.id))
    .limit(MAX_CATEGORY_RULES);
}

/**
 * Applies the company's rules to its movements without a category (never to one a person chose). Returns how many
 * got one. Matching happens here rather than in SQL so it is the same function the import and the screen use.
 */
export async function applyRules(db: DbExecutor, companyId: string, onlyRules?: RuleRow[]): Promise<number> {
  const rules = onlyRules ?? (await listRules(db, companyId));
  if (rules.length === 0) return 0;
  const uncategorized = await db
    .select({
      id: bankTransactions.id,
      description: bankTransactions.description,
      memo: bankTransactions.memo,
      amountCents: bankTransactions.amountCents,
    })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, companyId), isNull(bankTransactions.taxCategoryId), visibleMovement()));
  const byCategory = new Map<string, string[]>();
  for (const transaction of uncategorized) {
    const category = categoryByRules(rules, transaction);
    if (category) byCategory.set(category, [...(byCategory.get(category) ?? []), transaction.id]);
  }
  let updated = 0;
  for (const [taxCategoryId, ids] of byCategory) {
    for (let i = 0; i < ids.length; i += UPDATE_BATCH) {
      const result = await db
        .update(bankTransactions)
        .set({ taxCategoryId, categorySource: 'rule' })
        // Checked again here: a person may have categorised one meanwhile.
        .where(and(inArray(bankTransactions.id, ids.slice(i, i + UPDATE_BATCH)), isNull(bankTransactions.taxCategoryId)))
        .returning({ id: bankTransactions.id });
      updated += result.length;
    }
  }
  return updated;
}

/**
 * Imports the accounts and movements of a statement (a bank connection's pull, the demo seed) and waits for it: all
 * of it appears at once, or nothing (see statementImports.ts). Movements already imported are counted as duplicates;
 * new ones get a category from the company's rules. The OFX upload does the same with the file read off the thread.
 */
export async function importStatement(
  db: DbExecutor,
  companyId: string,
  accounts: readonly ImportedAccount[],
): Promise<OfxImportSummary> {
  const prepared = prepareAccounts(accounts, await listRules(db, companyId));
  const importId = await createImport(db, { companyId, total: prepared.total });
  return runImport(db, importId, companyId, prepared);
}

/** Money in and out per category over a period, for the whole company. */
export async function billingByCategory(db: DbExecutor, companyId: string, period: string): Promise<BillingByCategory> {
  const { from, to } = periodRange(period);
  const rows = await db
    .select({
      taxCategoryId: bankTransactions.taxCategoryId,
      inCents: sql<string>`coalesce(sum(${bankTransactions.amountCents}) filter (where ${bankTransactions.amountCents} > 0), 0)`,
      outCents: sql<string>`coalesce(-sum(${bankTransactions.amountCents}) filter (where ${bankTransactions.amountCents} < 0), 0)`,
      count: count(),
    })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.companyId, companyId),
        gte(bankTransactions.postedOn, from),
        lte(bankTransactions.postedOn, to),
        visibleMovement(),
      ),
    )
    .groupBy(bankTransactions.taxCategoryId);
  const position = new Map(TAX_CATEGORIES.map((category, i) => [category.id, i]));
  const data = rows
    .map((row) => {
      const category = TAX_CATEGORIES.find((c) => c.id === row.taxCategoryId);
      return {
        taxCategoryId: row.taxCategoryId,
        name: category?.name ?? 'Sem categoria',
        kind: category?.kind ?? null,
        inCents: Number(row.inCents),
        outCents: Number(row.outCents),
        count: Number(row.count),
      };
    })
    .sort((a, b) => (position.get(a.taxCategoryId ?? '') ?? 999) - (position.get(b.taxCategoryId ?? '') ?? 999));
  return {
    period,
    from,
    to,
    rows: data,
    totalInCents: data.reduce((sum, row) => sum + row.inCents, 0),
    totalOutCents: data.reduce((sum, row) => sum + row.outCents, 0),
  };
}
