// A statement's rows made ready for the database, without touching it (pure: no I/O). The OFX upload prepares a large
// file in a worker thread (`prepareOfx`, server/services/statement-prepare.ts), so parsing, hashing the dedup keys and
// writing the batches' array literals never hold the server's event loop; the import then only sends each batch.

import { hash } from 'node:crypto';
import type { BankAccountKind, BankAccountSource, CategoryRule } from '@domain';
import { MAX_MOVEMENT_TEXT, cutText, foldText, ruleMatches } from '@domain';

/**
 * Movements per prepared chunk. The import sends a few chunks joined (`joinBatches`) per statement, as many as fit
 * its time budget (statementImports.ts): a 250-row chunk takes ~10–35 ms on PGlite, so the budget holds on a busy
 * machine as on an idle one.
 */
export const IMPORT_CHUNK = 250;

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

export type RuleOfImport = Pick<CategoryRule, 'contains' | 'direction' | 'taxCategoryId'>;

/**
 * One batch of movements as one array literal per column (`{"a","b",NULL}`), sent as text parameters and unnested by
 * the database: both drivers pass a string through unchanged, and a worker hands strings over without copying rows.
 */
export interface PreparedBatch {
  count: number;
  postedOn: string;
  amountCents: string;
  description: string;
  memo: string;
  type: string;
  externalId: string;
  dedupKey: string;
  taxCategoryId: string;
}

export interface PreparedAccount extends Omit<ImportedAccount, 'transactions'> {
  count: number;
  batches: PreparedBatch[];
}

export interface PreparedImport {
  accounts: PreparedAccount[];
  /** Movements in all accounts. */
  total: number;
}

const COLUMNS = ['postedOn', 'amountCents', 'description', 'memo', 'type', 'externalId', 'dedupKey', 'taxCategoryId'] as const;

/** Consecutive batches as one: their array literals joined. */
export function joinBatches(batches: readonly PreparedBatch[]): PreparedBatch {
  if (batches.length === 1) return batches[0];
  const joined = { count: batches.reduce((sum, batch) => sum + batch.count, 0) } as PreparedBatch;
  for (const column of COLUMNS) joined[column] = `{${batches.map((batch) => batch[column].slice(1, -1)).join(',')}}`;
  return joined;
}

/** A text[] literal ('{"a","b",NULL}'). */
export function pgArray(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? 'NULL' : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}

/** The first rule that matches, oldest first: the rule a person wrote first wins. */
export function categoryByRules(
  rules: readonly RuleOfImport[],
  transaction: { description: string; memo?: string | null; amountCents: number },
): string | null {
  return rules.find((rule) => ruleMatches(rule, transaction))?.taxCategoryId ?? null;
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

/** Text cut to what the domain keeps, dedup keys, categories from the rules, and the batches' column literals. */
export function prepareAccounts(
  accounts: readonly ImportedAccount[],
  rules: readonly RuleOfImport[],
  batchSize = IMPORT_CHUNK,
): PreparedImport {
  let total = 0;
  const prepared = accounts.map(({ transactions, ...account }) => {
    // Every source goes through here, so no movement keeps more text than the domain allows.
    const movements = transactions.map((t) =>
      t.description.length > MAX_MOVEMENT_TEXT || (t.memo?.length ?? 0) > MAX_MOVEMENT_TEXT
        ? { ...t, description: cutText(t.description), memo: cutText(t.memo) }
        : t,
    );
    const keys = dedupKeys(movements);
    const batches: PreparedBatch[] = [];
    for (let i = 0; i < movements.length; i += batchSize) {
      const batch = movements.slice(i, i + batchSize);
      batches.push({
        count: batch.length,
        postedOn: pgArray(batch.map((t) => t.postedOn)),
        amountCents: pgArray(batch.map((t) => String(t.amountCents))),
        description: pgArray(batch.map((t) => t.description)),
        memo: pgArray(batch.map((t) => t.memo)),
        type: pgArray(batch.map((t) => t.type)),
        externalId: pgArray(batch.map((t) => t.externalId)),
        dedupKey: pgArray(keys.slice(i, i + batchSize)),
        taxCategoryId: pgArray(rules.length ? batch.map((t) => categoryByRules(rules, t)) : batch.map(() => null)),
      });
    }
    total += movements.length;
    return { ...account, count: movements.length, batches };
  });
  return { accounts: prepared, total };
}
