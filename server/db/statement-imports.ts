import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OfxImportProgress, OfxImportSummary } from '@domain';
import { BANK_MESSAGES, bankName } from '@domain';
import type { PreparedImport } from './statement-batches';
import { joinBatches, pgArray } from './statement-batches';
import { pgErrorOf } from './client';
import type { DbExecutor } from './executor';
import { bankAccounts, bankStatementImports, bankTransactions } from './schema';

/*
 * An import writes its movements in batches, each a short statement of its own, so other requests run between them
 * (on PGlite a transaction holds the whole database: one transaction of 200,000 rows held every request for 20 s).
 * All or nothing still: every movement and new account carries the import's id and every read leaves out those of an
 * import not yet done, so the whole import appears in the one small update that marks it done; a failed import's
 * rows are deleted before it is marked failed. One import writes per company at a time (a partial unique index on
 * the running one): an import that met another's rows by their dedup keys while that one could still fail would lose
 * those movements. An import whose server died is found by its heartbeat and undone by the next import of the company
 * or at start-up.
 */

/** An unfinished import whose heartbeat is older than this was interrupted (its server died): it is undone. */
export const IMPORT_STALE_MS = 60_000;
/** How often a queued import asks whether its company's running import has ended. */
const QUEUE_POLL_MS = 150;
/**
 * How long one batch's statement should take. On PGlite a statement holds the server's thread and every other query:
 * the batch grows or shrinks, from statement to statement, to take about this long, whatever the machine's load.
 */
export const BATCH_BUDGET_MS = 40;
const FIRST_BATCH_ROWS = 1_000;
const MAX_BATCH_ROWS = 10_000;
/** Rows per DELETE when an import is undone. */
const ROLLBACK_BATCH = 2_000;

type ImportRow = typeof bankStatementImports.$inferSelect;

/** The import was undone meanwhile (taken for interrupted): nothing of it is kept. */
export class ImportInterruptedError extends Error {
  override name = 'ImportInterruptedError';
  constructor() {
    super(BANK_MESSAGES.importInterrupted);
  }
}

/** The unfinished imports' ids, computed once per statement (a handful at most, off a partial index). */
const unfinishedImportIds = sql`array(select ${bankStatementImports.id} from ${bankStatementImports} where ${bankStatementImports.status} in ('queued', 'importing', 'rolling_back'))`;

/** A movement any read may see: not written by an import still under way or being undone. */
export const visibleMovement = () =>
  sql`(${bankTransactions.importId} is null or ${bankTransactions.importId} <> all(${unfinishedImportIds}))`;

/** An account any read may see: not opened by an import still under way or being undone. */
export const visibleAccount = () =>
  sql`(${bankAccounts.importId} is null or ${bankAccounts.importId} <> all(${unfinishedImportIds}))`;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A new import of `total` movements, queued: `runImport` writes it. */
export async function createImport(
  db: DbExecutor,
  values: { companyId: string; total: number; createdBy?: string | null },
): Promise<string> {
  const [row] = await db
    .insert(bankStatementImports)
    .values({ companyId: values.companyId, total: values.total, createdBy: values.createdBy ?? null })
    .returning({ id: bankStatementImports.id });
  return row.id;
}

/** Where an import of the company stands, as the API shows it; undefined when the company has no such import. */
export async function getImport(db: DbExecutor, companyId: string, id: string): Promise<OfxImportProgress | undefined> {
  const [row] = await db
    .select()
    .from(bankStatementImports)
    .where(and(eq(bankStatementImports.companyId, companyId), eq(bankStatementImports.id, id)));
  return row && toProgress(row);
}

export function toProgress(row: ImportRow): OfxImportProgress {
  // Failed once nothing of it is left: until then it is still at work (its rows hidden, being deleted).
  const status = row.status === 'rolling_back' ? 'importing' : row.status;
  return {
    id: row.id,
    status,
    processed: status === 'failed' ? 0 : row.processed,
    total: row.total,
    summary: status === 'done' ? (row.summary ?? null) : null,
    error: status === 'failed' ? (row.error ?? BANK_MESSAGES.importFailed) : null,
  };
}

/**
 * Writes a created import: waits for the company's running import to end, opens the accounts, writes each batch in a
 * statement of its own (yielding to other requests between them), then marks it done in one small transaction. On
 * any failure it is undone (its rows deleted, then marked failed) and the error thrown; were the undoing to fail too,
 * the import is left unfinished, hidden, for the next import of the company or the next start to undo.
 */
export async function runImport(
  db: DbExecutor,
  importId: string,
  companyId: string,
  prepared: PreparedImport,
  options: { staleMs?: number } = {},
): Promise<OfxImportSummary> {
  const staleMs = options.staleMs ?? IMPORT_STALE_MS;
  try {
    await takeTurn(db, importId, companyId, staleMs);
    return await write(db, importId, companyId, prepared);
  } catch (error) {
    await undoImport(db, importId, error instanceof ImportInterruptedError ? error.message : BANK_MESSAGES.importFailed).catch(
      () => {},
    );
    throw error;
  }
}

/** Waits until this import is the company's running one, undoing an interrupted one in its way. */
async function takeTurn(db: DbExecutor, importId: string, companyId: string, staleMs: number) {
  for (;;) {
    let status: string | undefined;
    try {
      // A savepoint when `db` is a transaction already: a refused update must not end the caller's transaction.
      const result = await db.transaction((tx) =>
        tx.execute(sql`
          update ${bankStatementImports} set heartbeat_at = now(), status = case
            when exists (select 1 from ${bankStatementImports} running
                         where running.company_id = ${companyId} and running.status in ('importing', 'rolling_back'))
            then 'queued'::bank_import_status else 'importing'::bank_import_status end
          where id = ${importId} and status = 'queued'
          returning status`),
      );
      status = rowsOf<{ status: string }>(result)[0]?.status;
    } catch (error) {
      // Two imports of the company took their turn at once: the unique index let one through.
      if (pgErrorOf(error).code !== '23505') throw error;
      status = 'queued';
    }
    if (status === 'importing') return;
    if (status === undefined) throw new ImportInterruptedError();
    await undoInterruptedImports(db, { staleMs, companyId });
    await sleep(QUEUE_POLL_MS);
  }
}

async function write(db: DbExecutor, importId: string, companyId: string, prepared: PreparedImport) {
  // The accounts first, in one short transaction: a new one carries the import's id and stays hidden with it.
  const accounts = await db.transaction(async (tx) => {
    const rows = [];
    for (const account of prepared.accounts) {
      const [row] = await tx
        .insert(bankAccounts)
        .values({
          companyId,
          source: account.source,
          bankId: account.bankId ?? '',
          branchId: account.branchId ?? '',
          accountNumber: account.accountNumber,
          kind: account.kind,
          currency: account.currency,
          importId,
        })
        .onConflictDoUpdate({
          target: [
            bankAccounts.companyId,
            bankAccounts.bankId,
            bankAccounts.branchId,
            bankAccounts.accountNumber,
            bankAccounts.kind,
          ],
          set: { updatedAt: new Date() },
        })
        .returning();
      rows.push(row);
    }
    const [turn] = await tx
      .update(bankStatementImports)
      .set({ accountIds: [...new Set(rows.map((row) => row.id))], heartbeatAt: sql`now()` })
      .where(and(eq(bankStatementImports.id, importId), eq(bankStatementImports.status, 'importing')))
      .returning({ id: bankStatementImports.id });
    if (!turn) throw new ImportInterruptedError();
    return rows;
  });

  const summary: OfxImportSummary = { accounts: [], added: 0, duplicates: 0, skipped: 0, categorized: 0 };
  let batchRows = FIRST_BATCH_ROWS;
  for (const [i, source] of prepared.accounts.entries()) {
    const account = accounts[i];
    let added = 0;
    let categorized = 0;
    for (let next = 0; next < source.batches.length;) {
      const chunks = [source.batches[next++]];
      let rows = chunks[0].count;
      while (next < source.batches.length && rows + source.batches[next].count <= batchRows) {
        rows += source.batches[next].count;
        chunks.push(source.batches[next++]);
      }
      const batch = joinBatches(chunks);
      const started = performance.now();
      // One statement: the progress (which locks the import's row, so it cannot be taken for interrupted meanwhile)
      // and the rows, written only while the import is still the running one. One array per column through unnest:
      // a handful of bind parameters for thousands of rows, which both engines plan and bind far faster than VALUES.
      const result = await db.execute(sql`
        with turn as (
          update ${bankStatementImports} set processed = processed + ${batch.count}, heartbeat_at = now()
          where id = ${importId} and status = 'importing'
          returning id
        ), inserted as (
          insert into ${bankTransactions}
            (account_id, company_id, posted_on, amount_cents, description, memo, type, external_id, dedup_key,
             tax_category_id, category_source, import_id)
          select ${account.id}::uuid, ${companyId}::uuid, r.posted_on, r.amount_cents, r.description, r.memo, r.type,
                 r.external_id, r.dedup_key, r.tax_category_id,
                 case when r.tax_category_id is null then null else 'rule'::category_source end, ${importId}::uuid
          from unnest(
            ${batch.postedOn}::text[],
            ${batch.amountCents}::bigint[],
            ${batch.description}::text[],
            ${batch.memo}::text[],
            ${batch.type}::text[],
            ${batch.externalId}::text[],
            ${batch.dedupKey}::text[],
            ${batch.taxCategoryId}::text[]
          ) as r(posted_on, amount_cents, description, memo, type, external_id, dedup_key, tax_category_id)
          where exists (select 1 from turn)
          on conflict (account_id, dedup_key) do nothing
          returning tax_category_id
        )
        select (select count(*) from turn)::int as turn, count(*)::int as added,
               count(tax_category_id)::int as categorized
        from inserted`);
      const [row] = rowsOf<{ turn: number; added: number; categorized: number }>(result);
      if (!row.turn) throw new ImportInterruptedError();
      added += row.added;
      categorized += row.categorized;
      // The next batch as large as fits the budget at this one's pace (at most twice or half this one).
      const fits = (batch.count * BATCH_BUDGET_MS) / Math.max(1, performance.now() - started);
      batchRows = Math.round(Math.min(MAX_BATCH_ROWS, batch.count * 2, Math.max(fits, batch.count / 2)));
      // Requests that arrived during the batch go first.
      await nextTurn();
    }
    const duplicates = source.count - added;
    summary.accounts.push({
      id: account.id,
      bankName: bankName(account.bankId || null),
      accountNumber: account.accountNumber,
      kind: account.kind,
      added,
      duplicates,
      skipped: source.skipped,
      categorized,
    });
    summary.added += added;
    summary.duplicates += duplicates;
    summary.skipped += source.skipped;
    summary.categorized += categorized;
  }

  // Everything appears at once.
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(bankStatementImports)
      .set({ status: 'done', processed: prepared.total, summary, finishedAt: sql`now()`, heartbeatAt: sql`now()` })
      .where(and(eq(bankStatementImports.id, importId), eq(bankStatementImports.status, 'importing')))
      .returning({ id: bankStatementImports.id });
    if (!done) throw new ImportInterruptedError();
    if (accounts.length) {
      await tx
        .update(bankAccounts)
        .set({ lastImportAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          inArray(
            bankAccounts.id,
            accounts.map((account) => account.id),
          ),
        );
    }
  });
  return summary;
}

/**
 * Undoes an unfinished import: hidden and holding its company's turn (`rolling_back`) while its movements are deleted
 * in batches, then the accounts it opened, then marked failed with `message`. A queued one had written nothing.
 */
async function undoImport(db: DbExecutor, importId: string, message: string) {
  const [queued] = await db
    .update(bankStatementImports)
    .set({ status: 'failed', error: message, finishedAt: sql`now()` })
    .where(and(eq(bankStatementImports.id, importId), eq(bankStatementImports.status, 'queued')))
    .returning({ id: bankStatementImports.id });
  if (queued) return;
  const [row] = await db
    .update(bankStatementImports)
    .set({ status: 'rolling_back', error: message, heartbeatAt: sql`now()` })
    .where(and(eq(bankStatementImports.id, importId), inArray(bankStatementImports.status, ['importing', 'rolling_back'])))
    .returning();
  if (row) await deleteRowsOf(db, row);
}

async function deleteRowsOf(db: DbExecutor, row: ImportRow) {
  if (row.accountIds.length) {
    const accountIds = pgArray(row.accountIds);
    for (;;) {
      // Through the accounts' list index, which carries the import's id.
      const result = await db.execute(sql`
        with gone as (
          delete from ${bankTransactions} where id in (
            select id from ${bankTransactions}
            where account_id = any(${accountIds}::uuid[]) and import_id = ${row.id}
            limit ${ROLLBACK_BATCH})
          returning 1
        ), beat as (
          update ${bankStatementImports} set heartbeat_at = now() where id = ${row.id}
        )
        select count(*)::int as n from gone`);
      if (rowsOf<{ n: number }>(result)[0].n < ROLLBACK_BATCH) break;
      await nextTurn();
    }
    await db.delete(bankAccounts).where(and(inArray(bankAccounts.id, row.accountIds), eq(bankAccounts.importId, row.id)));
  }
  await db
    .update(bankStatementImports)
    .set({ status: 'failed', finishedAt: sql`now()` })
    .where(eq(bankStatementImports.id, row.id));
}

/**
 * Undoes the imports whose heartbeat stopped over `staleMs` ago (their server died): at start-up (every unfinished
 * one on PGlite, whose files only one process opens) and when an import of the company waits for its turn.
 * Returns how many.
 */
export async function undoInterruptedImports(db: DbExecutor, options: { staleMs: number; companyId?: string }): Promise<number> {
  const stale = and(
    options.companyId ? eq(bankStatementImports.companyId, options.companyId) : undefined,
    sql`${bankStatementImports.heartbeatAt} <= now() - ${options.staleMs} * interval '1 millisecond'`,
  );
  const queued = await db
    .update(bankStatementImports)
    .set({ status: 'failed', error: BANK_MESSAGES.importInterrupted, finishedAt: sql`now()` })
    .where(and(stale, eq(bankStatementImports.status, 'queued')))
    .returning({ id: bankStatementImports.id });
  const running = await db
    .update(bankStatementImports)
    .set({ status: 'rolling_back', error: BANK_MESSAGES.importInterrupted, heartbeatAt: sql`now()` })
    .where(and(stale, inArray(bankStatementImports.status, ['importing', 'rolling_back'])))
    .returning();
  for (const row of running) await deleteRowsOf(db, row);
  return queued.length + running.length;
}
