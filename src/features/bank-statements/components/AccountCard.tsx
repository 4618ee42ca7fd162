import { BuildingLibraryIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import toast from '@/lib/toast';
import type { BankAccount } from '@domain';
import { bankQueries, deleteAccount } from '../api';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { UncategorizedBadge } from './UncategorizedBadge';
import { accountBankName, accountKindLabel, accountNumberLabel, accountPeriod, formatAmount } from '../format';

function deleteDescription(account: BankAccount, bank: string): string {
  const which = `A conta ${bank} (${accountNumberLabel(account)})`;
  const what =
    account.transactionCount === 0
      ? `${which} será excluída.`
      : account.transactionCount === 1
        ? `${which} e a sua 1 movimentação serão excluídas, com a categoria escolhida.`
        : `${which} e as suas ${account.transactionCount} movimentações serão excluídas, com as categorias escolhidas.`;
  return `${what} Não é possível desfazer.`;
}

/** One bank account in the list: who, which, how many movements, over what period, and its total. */
export function AccountCard({ account }: { account: BankAccount }) {
  const queryClient = useQueryClient();
  const bank = accountBankName(account);
  const period = accountPeriod(account);
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      toast.success('Conta excluída.');
      void queryClient.invalidateQueries({ queryKey: bankQueries.all() });
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <li
      data-testid="bank-account-card"
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-brand-300 hover:shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <BuildingLibraryIcon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold text-slate-900">
            <Link
              to="/app/bank-statements/accounts/$accountId/transactions"
              params={{ accountId: account.id }}
              className="rounded-sm hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {bank} · {accountNumberLabel(account)}
            </Link>
          </h3>
          <p className="text-sm text-slate-600">{accountKindLabel(account)}</p>
        </div>
        <UncategorizedBadge account={account} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">Movimentações</dt>
          <dd className="font-medium text-slate-900">{account.transactionCount}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Total do período</dt>
          <dd className={`font-medium ${account.totalCents < 0 ? 'text-red-700' : 'text-slate-900'}`}>
            {formatAmount(account.totalCents, account.currency)}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-500">Período</dt>
          <dd className="text-slate-800">{period ?? 'Nenhuma movimentação ainda'}</dd>
        </div>
      </dl>
      <div className="mt-4 flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <Link
          to="/app/bank-statements/accounts/$accountId/transactions"
          params={{ accountId: account.id }}
          className="text-sm font-semibold text-brand-700 hover:underline"
          aria-hidden="true"
          tabIndex={-1}
        >
          Ver movimentações →
        </Link>
        <ConfirmButton
          variant="ghost"
          className="px-2 py-1.5 text-red-700 hover:bg-red-50"
          busy={remove.isPending}
          aria-label={`Excluir ${bank} ${accountNumberLabel(account)}`}
          title="Excluir conta?"
          description={deleteDescription(account, bank)}
          confirmLabel="Excluir conta e movimentações"
          onConfirm={() => remove.mutate(account)}
        >
          <TrashIcon className="size-4" aria-hidden="true" />
          Excluir
        </ConfirmButton>
      </div>
    </li>
  );
}
