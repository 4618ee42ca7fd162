import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PAGE_SIZE } from '@domain';
import { bankQueries } from '../api';
import { QueryBoundary } from '@/components/QueryBoundary';
import { EmptyState } from '@/components/ui/Card';
import { Pagination } from '@/components/ui/Pagination';
import { AccountCard } from './AccountCard';

function Skeleton() {
  return (
    <ul aria-hidden="true" className="grid gap-4 md:grid-cols-2">
      {[0, 1].map((i) => (
        <li key={i} className="animate-pulse rounded-xl border border-slate-200 bg-white p-5">
          <div className="h-4 w-2/3 rounded bg-slate-200" />
          <div className="mt-2 h-3 w-1/3 rounded bg-slate-100" />
          <div className="mt-6 grid grid-cols-2 gap-3">
            <div className="h-8 rounded bg-slate-100" />
            <div className="h-8 rounded bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The company's bank accounts, a page at a time. */
export function AccountList({ companyId, page }: { companyId: string; page: number }) {
  return (
    <section aria-labelledby="bank-accounts-title">
      <h2 id="bank-accounts-title" className="mb-3 text-base font-semibold text-slate-900">
        Contas
      </h2>
      <QueryBoundary
        errorTitle="Não foi possível carregar as contas"
        resetKey={page}
        loading={
          <div aria-busy="true">
            <p className="sr-only" role="status">
              Carregando as contas…
            </p>
            <Skeleton />
          </div>
        }
      >
        <Accounts companyId={companyId} page={page} />
      </QueryBoundary>
    </section>
  );
}

function Accounts({ companyId, page }: { companyId: string; page: number }) {
  const { data: accounts } = useSuspenseQuery(bankQueries.accounts(companyId, page));
  if (accounts.data.length === 0)
    return accounts.total > 0 ? (
      <EmptyState
        title="Nada nesta página"
        action={
          <Link to="." search={{ page: undefined }} className="font-semibold text-brand-700 hover:underline">
            Voltar à primeira página
          </Link>
        }
      />
    ) : (
      <EmptyState title="Nenhuma conta ainda">Importe o extrato OFX do seu banco para começar.</EmptyState>
    );
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2">
        {accounts.data.map((account) => (
          <AccountCard key={account.id} account={account} />
        ))}
      </ul>
      {accounts.total > PAGE_SIZE.bankAccounts && (
        <Pagination
          page={page}
          pageSize={PAGE_SIZE.bankAccounts}
          total={accounts.total}
          searchFor={(p) => ({ page: p > 1 ? p : undefined })}
        />
      )}
    </>
  );
}
