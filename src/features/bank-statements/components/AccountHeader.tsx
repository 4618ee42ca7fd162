import type { BankAccount } from '@domain';
import { PageHeader } from '@/components/ui/Card';
import { UncategorizedBadge } from './UncategorizedBadge';
import { accountBankName, accountKindLabel, accountNumberLabel, accountPeriod, formatAmount } from '../format';

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

/** The account a transactions page is about: bank, number, kind, and its figures. */
export function AccountHeader({ account }: { account: BankAccount }) {
  return (
    <>
      <PageHeader
        title={`${accountBankName(account)} · ${accountNumberLabel(account)}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {accountKindLabel(account)}
            <UncategorizedBadge account={account} />
          </span>
        }
      />
      <dl className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Movimentações">{account.transactionCount}</Stat>
        <Stat label="Sem categoria">{account.uncategorizedCount}</Stat>
        <Stat label="Período">{accountPeriod(account) ?? '—'}</Stat>
        <Stat label="Total do período">
          <span className={account.totalCents < 0 ? 'text-red-700' : undefined}>
            {formatAmount(account.totalCents, account.currency)}
          </span>
        </Stat>
      </dl>
    </>
  );
}
