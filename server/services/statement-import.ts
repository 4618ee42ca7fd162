import type { ImportedAccount, PreparedImport, RuleOfImport } from '../db/statement-batches';
import { prepareAccounts } from '../db/statement-batches';
import type { OfxStatement, ParseOfxOptions } from './ofx';
import { parseOfx } from './ofx';

/** The accounts of a parsed OFX file as the database stores them. */
export function accountsFromOfx(statement: OfxStatement): ImportedAccount[] {
  return statement.accounts.map((account) => ({
    source: 'ofx',
    bankId: account.bankId,
    branchId: account.branchId,
    accountNumber: account.accountId,
    kind: account.kind,
    currency: account.currency,
    skipped: account.skipped,
    transactions: account.transactions.map((t) => {
      // Brazilian banks put the useful text in NAME or in MEMO, sometimes the same in both.
      const description = t.name ?? t.memo ?? t.type ?? 'Movimentação';
      return {
        externalId: t.fitId,
        postedOn: t.postedOn,
        amountCents: t.amountCents,
        description,
        memo: t.memo && t.memo !== description ? t.memo : null,
        type: t.type,
      };
    }),
  }));
}

/** An OFX file read and prepared; throws `OfxParseError` (a message for the customer) for a file it refuses. */
export function prepareOfx(
  bytes: Uint8Array,
  options: { rules: readonly RuleOfImport[]; parse?: ParseOfxOptions; batchSize?: number },
): PreparedImport {
  return prepareAccounts(accountsFromOfx(parseOfx(bytes, options.parse)), options.rules, options.batchSize);
}
