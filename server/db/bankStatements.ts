import { hash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type {
  BankAccount,
  BankAccountKind,
  BankAccountSource,
  BankTransaction,
  BillingByCategory,
  CategoryRule,
  ExportSummary,
  OfxImportSummary,
  TaxCategory,
} from '@domain';
import { MAX_CATEGORY_RULES, MAX_MOVEMENT_TEXT, TAX_CATEGORIES, bankName, cutText, foldText, periodRange, ruleMatches } from '@domain';
import type { DbExecutor } from './companies';
import { bankAccounts, bankTransactions, categoryRules, taxCategories } from './schema';

type AccountRow = typeof bankAccounts.$inferSelect;
type TransactionRow = typeof bankTransactions.$inferSelect;
type RuleRow = typeof categoryRules.$inferSelect;

/** Rows per INSERT or UPDATE. */
const INSERT_BATCH = 5_000;

/**
 * A text[] literal ('{"a","b",NULL}') sent as one text parameter: both drivers pass it through unchanged, where their
 * own array serialisers differ.
 */
function pgArray(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}

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
    .where(eq(bankTransactions.companyId, filter.companyId))
    .groupBy(bankTransactions.accountId)
    .as('stats');
  const where = and(
    eq(bankAccounts.companyId, filter.companyId),
    filter.accountId ? eq(bankAccounts.id, filter.accountId) : undefined,
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
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.companyId, companyId), eq(bankAccounts.id, id)));
  return row;
}

/** Newest first; `month` (YYYY-MM) narrows to one month. */
export async function listTransactions(
  db: DbExecutor,
  filter: { accountId: string; withoutTaxCategory: boolean; month?: string; limit: number; offset: number },
): Promise<{ data: BankTransaction[]; total: number }> {
  const range = filter.month ? periodRange(filter.month) : undefined;
  const where = and(
    eq(bankTransactions.accountId, filter.accountId),
    filter.withoutTaxCategory ? isNull(bankTransactions.taxCategoryId) : undefined,
    range ? gte(bankTransactions.postedOn, range.from) : undefined,
    range ? lte(bankTransactions.postedOn, range.to) : undefined,
  );
  const order = [desc(bankTransactions.postedOn), desc(bankTransactions.createdAt), asc(bankTransactions.id)];
  // The page's ids first, from `bank_transactions_account_list_idx` alone (it holds every column the filters and the
  // order need), then only those rows: a deep page skips index entries rather than whole rows. The total is its own
  // subquery, computed once (`count(*) over ()` made the database read and sort every movement for each page).
  const page = db
    .select({ id: bankTransactions.id })
    .from(bankTransactions)
    .where(where)
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page');
  const counted = db.select({ n: count() }).from(bankTransactions).where(where);
  const rows = await db
    .select({ transaction: bankTransactions, total: sql<number>`(${counted})`.mapWith(Number) })
    .from(page)
    .innerJoin(bankTransactions, eq(bankTransactions.id, page.id))
    .orderBy(...order);
  const total = rows[0]?.total ?? (filter.offset > 0 ? (await counted)[0].n : 0);
  return { data: rows.map((row) => toTransactionDto(row.transaction)), total };
}

/** The movements of one account in a date range, oldest first: what an export carries. */
/** A month's movements of an account, and how many of them lack a category: what an export would carry. */
export async function exportSummary(db: DbExecutor, accountId: string, month: string): Promise<ExportSummary> {
  const { from, to } = periodRange(month);
  const [row] = await db
    .select({ total: count(), categorised: count(bankTransactions.taxCategoryId) })
    .from(bankTransactions)
    .where(
      and(eq(bankTransactions.accountId, accountId), gte(bankTransactions.postedOn, from), lte(bankTransactions.postedOn, to)),
    );
  const total = Number(row?.total ?? 0);
  return { month, total, uncategorised: total - Number(row?.categorised ?? 0) };
}

export async function transactionsBetween(db: DbExecutor, accountId: string, from: string, to: string) {
  return db
    .select()
    .from(bankTransactions)
    .where(
      and(eq(bankTransactions.accountId, accountId), gte(bankTransactions.postedOn, from), lte(bankTransactions.postedOn, to)),
    )
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

/** The first rule that matches, oldest first: the rule a person wrote first wins. */
export function categoryByRules(
  rules: readonly Pick<RuleRow, 'contains' | 'direction' | 'taxCategoryId'>[],
  transaction: { description: string; memo?: string | null; amountCents: number },
): string | null {
  return rules.find((rule) => ruleMatches(rule, transaction))?.taxCategoryId ?? null;
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
    .where(and(eq(bankTransactions.companyId, companyId), isNull(bankTransactions.taxCategoryId)));
  const byCategory = new Map<string, string[]>();
  for (const transaction of uncategorized) {
    const category = categoryByRules(rules, transaction);
    if (category) byCategory.set(category, [...(byCategory.get(category) ?? []), transaction.id]);
  }
  let updated = 0;
  for (const [taxCategoryId, ids] of byCategory) {
    for (let i = 0; i < ids.length; i += INSERT_BATCH) {
      const result = await db
        .update(bankTransactions)
        .set({ taxCategoryId, categorySource: 'rule' })
        // Checked again here: a person may have categorised one meanwhile.
        .where(and(inArray(bankTransactions.id, ids.slice(i, i + INSERT_BATCH)), isNull(bankTransactions.taxCategoryId)))
        .returning({ id: bankTransactions.id });
      updated += result.length;
    }
  }
  return updated;
}

/** An account as an import names it. */
export interface ImportedAccount {
  source: BankAccountSource;
  bankId: string | null;
  branchId: string | null;
  accountNumber: string;
  kind: BankAccountKind;
  currency: string;
  transactions: ImportedTransaction[];
  /** Lines of the file that were not movements (balances, future entries). */
  skipped: number;
}

export interface ImportedTransaction {
  /** The bank's id for the movement (OFX FITID, Cora entry id), when it has one. */
  externalId: string | null;
  postedOn: string;
  amountCents: number;
  description: string;
  memo: string | null;
  type: string | null;
}

/**
 * The identity of each movement within its account, so a second import of the same movement is recognised.
 * The bank's id is trusted together with date and value (some banks reuse an id for different movements); without
 * an id, date + value + description. Identical movements in one statement are told apart by their order of
 * appearance (the 2nd "PIX 50,00" of a day is `#2`): two genuine identical payments both survive, and importing
 * the same statement again maps each onto itself.
 */
export function dedupKeys(transactions: readonly ImportedTransaction[]): string[] {
  const occurrences = new Map<string, number>();
  return transactions.map((t) => {
    const base = t.externalId
      ? `id\u0000${t.externalId}\u0000${t.postedOn}\u0000${t.amountCents}`
      : `tx\u0000${t.postedOn}\u0000${t.amountCents}\u0000${foldText(`${t.description} ${t.memo ?? ''}`)}`;
    const n = (occurrences.get(base) ?? 0) + 1;
    occurrences.set(base, n);
    // The one-shot `hash` is twice as fast as a `createHash` object per movement (50,000 in a big statement).
    return hash('sha256', `${base}\u0000${n}`, 'base64url').slice(0, 32);
  });
}

/**
 * Stores the accounts and movements of one statement in one database transaction: either all of it is written or
 * none. Movements already imported are counted as duplicates; new ones get a category from the company's rules.
 */
export async function importStatement(
  db: DbExecutor,
  companyId: string,
  accounts: readonly ImportedAccount[],
): Promise<OfxImportSummary> {
  return db.transaction(async (tx) => {
    const rules = await listRules(tx, companyId);
    const summary: OfxImportSummary = { accounts: [], added: 0, duplicates: 0, skipped: 0, categorized: 0 };
    for (const { transactions, ...rest } of accounts) {
      // Every source goes through here, so no movement keeps more text than the domain allows.
      const imported = {
        ...rest,
        transactions: transactions.map((t) =>
          t.description.length > MAX_MOVEMENT_TEXT || (t.memo?.length ?? 0) > MAX_MOVEMENT_TEXT
            ? { ...t, description: cutText(t.description), memo: cutText(t.memo) }
            : t,
        ),
      };
      const [account] = await tx
        .insert(bankAccounts)
        .values({
          companyId,
          source: imported.source,
          bankId: imported.bankId ?? '',
          branchId: imported.branchId ?? '',
          accountNumber: imported.accountNumber,
          kind: imported.kind,
          currency: imported.currency,
          lastImportAt: new Date(),
        })
        .onConflictDoUpdate({
          target: [
            bankAccounts.companyId,
            bankAccounts.bankId,
            bankAccounts.branchId,
            bankAccounts.accountNumber,
            bankAccounts.kind,
          ],
          set: { lastImportAt: new Date(), updatedAt: new Date() },
        })
        .returning();
      const keys = dedupKeys(imported.transactions);
      let added = 0;
      let categorized = 0;
      for (let i = 0; i < imported.transactions.length; i += INSERT_BATCH) {
        const batch = imported.transactions.slice(i, i + INSERT_BATCH);
        const categories = batch.map((t) => categoryByRules(rules, t));
        // One array per column through unnest: a handful of bind parameters for thousands of rows, which both
        // PostgreSQL and PGlite plan and bind far faster than a VALUES list with a parameter per cell.
        const inserted = await tx.execute(sql`
          INSERT INTO ${bankTransactions}
            (account_id, company_id, posted_on, amount_cents, description, memo, type, external_id, dedup_key, tax_category_id, category_source)
          SELECT ${account.id}::uuid, ${companyId}::uuid, r.posted_on, r.amount_cents, r.description, r.memo, r.type, r.external_id,
                 r.dedup_key, r.tax_category_id, CASE WHEN r.tax_category_id IS NULL THEN NULL ELSE 'rule'::category_source END
          FROM unnest(
            ${pgArray(batch.map((t) => t.postedOn))}::text[],
            ${pgArray(batch.map((t) => String(t.amountCents)))}::bigint[],
            ${pgArray(batch.map((t) => t.description))}::text[],
            ${pgArray(batch.map((t) => t.memo))}::text[],
            ${pgArray(batch.map((t) => t.type))}::text[],
            ${pgArray(batch.map((t) => t.externalId))}::text[],
            ${pgArray(keys.slice(i, i + INSERT_BATCH))}::text[],
            ${pgArray(categories)}::text[]
          ) AS r(posted_on, amount_cents, description, memo, type, external_id, dedup_key, tax_category_id)
          ON CONFLICT (account_id, dedup_key) DO NOTHING
          RETURNING tax_category_id`);
        // Both drivers answer `{ rows }`.
        const { rows } = inserted as unknown as { rows: { tax_category_id: string | null }[] };
        added += rows.length;
        categorized += rows.filter((row) => row.tax_category_id).length;
      }
      const duplicates = imported.transactions.length - added;
      summary.accounts.push({
        id: account.id,
        bankName: bankName(account.bankId || null),
        accountNumber: account.accountNumber,
        kind: account.kind,
        added,
        duplicates,
        skipped: imported.skipped,
        categorized,
      });
      summary.added += added;
      summary.duplicates += duplicates;
      summary.skipped += imported.skipped;
      summary.categorized += categorized;
    }
    return summary;
  });
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
      and(eq(bankTransactions.companyId, companyId), gte(bankTransactions.postedOn, from), lte(bankTransactions.postedOn, to)),
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
