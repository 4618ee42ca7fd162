import { CheckCircleIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { Link } from '@tanstack/react-router';
import type { OfxImportAccountSummary, OfxImportSummary as Summary } from '@domain';
import { accountBankName, accountKindLabel, plural } from '../format';

/** "3 movimentações novas, 1 já importada (ignorada), 2 linhas de saldo/futuras ignoradas, 1 categorizada por regra". */
export function importCounts(counts: Pick<Summary, 'added' | 'duplicates' | 'skipped' | 'categorized'>): string {
  return [
    plural(counts.added, 'movimentação nova', 'movimentações novas'),
    plural(counts.duplicates, 'já importada (ignorada)', 'já importadas (ignoradas)'),
    plural(counts.skipped, 'linha de saldo/futura ignorada', 'linhas de saldo/futuras ignoradas'),
    plural(counts.categorized, 'categorizada por regra', 'categorizadas por regra'),
  ].join(', ');
}

function AccountLine({ account }: { account: OfxImportAccountSummary }) {
  return (
    <li className="rounded-lg bg-white px-3 py-2 ring-1 ring-emerald-200 ring-inset">
      <p className="font-semibold text-slate-900">
        <Link
          to="/app/bank-statements/accounts/$accountId/transactions"
          params={{ accountId: account.id }}
          className="hover:text-brand-700 hover:underline"
        >
          {accountBankName({ bankName: account.bankName, bankId: null })} · {accountKindLabel(account)} {account.accountNumber}
        </Link>
      </p>
      <p className="text-slate-700">{importCounts(account)}.</p>
    </li>
  );
}

/**
 * What an OFX import did, per account of the file. A bank connection's pull (Cora) answers the same summary: it
 * passes its own title and no file name.
 */
export function OfxImportSummary({
  fileName,
  summary,
  onClose,
  title = 'Extrato importado',
}: {
  fileName?: string;
  summary: Summary;
  /** Shows a close button. */
  onClose?: () => void;
  title?: string;
}) {
  const nothingNew = summary.added === 0;
  return (
    <section
      role="status"
      aria-labelledby="ofx-summary-title"
      data-testid="ofx-import-summary"
      className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm"
    >
      <div className="flex items-start gap-2">
        <CheckCircleIcon className="size-5 shrink-0 text-emerald-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h3 id="ofx-summary-title" className="font-semibold text-emerald-900">
            {title}
          </h3>
          {fileName && <p className="break-all text-xs text-emerald-800">{fileName}</p>}
        </div>
        {onClose && (
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg p-1 text-emerald-800 hover:bg-emerald-100 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
            aria-label="Fechar resumo da importação"
          >
            <XMarkIcon className="size-5" aria-hidden="true" />
          </button>
        )}
      </div>
      {nothingNew && summary.duplicates > 0 && (
        <p className="mt-2 text-emerald-900">Este extrato já tinha sido importado: nenhuma movimentação nova.</p>
      )}
      <ul className="mt-3 space-y-2">
        {summary.accounts.map((account) => (
          <AccountLine key={account.id} account={account} />
        ))}
      </ul>
      {summary.accounts.length > 1 && <p className="mt-3 text-emerald-900">No total: {importCounts(summary)}.</p>}
    </section>
  );
}
