import { ArrowLeftIcon } from '@heroicons/react/24/outline';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { MonthKeySchema } from '@domain';
import { bankQueries } from '@/features/bank-statements/api';
import { AccountHeader } from '@/features/bank-statements/components/AccountHeader';
import { ExportPanel } from '@/features/bank-statements/components/ExportPanel';
import { RulesPanel } from '@/features/bank-statements/components/RulesPanel';
import type { TransactionFilterValues } from '@/features/bank-statements/components/TransactionFilters';
import { TransactionFilters } from '@/features/bank-statements/components/TransactionFilters';
import type { TransactionSearch } from '@/features/bank-statements/components/TransactionList';
import { TransactionList } from '@/features/bank-statements/components/TransactionList';
import type { BankAccount } from '@domain';
import { QueryBoundary } from '@/components/QueryBoundary';
import { Card, EmptyState, PageHeader } from '@/components/ui/Card';
import { PageSpinner } from '@/components/ui/Spinner';
import { useCompanyState } from '@/lib/company-state';
import { titledHead } from '@/lib/document-title';

const TransactionsSearch = v.object({
  month: v.fallback(v.optional(MonthKeySchema()), undefined),
  semCategoria: v.fallback(v.optional(v.boolean()), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export const Route = createFileRoute('/app/_signedIn/_withCompany/bank-statements/accounts/$accountId/transactions')({
  validateSearch: TransactionsSearch,
  head: () => titledHead('Movimentações da conta'),
  loaderDeps: ({ search }) => search,
  loader: ({ context: { queryClient, companyId }, params: { accountId }, deps }) => {
    void queryClient.prefetchQuery(bankQueries.account(companyId, accountId));
    void queryClient.prefetchQuery(
      bankQueries.transactions({
        companyId,
        accountId,
        page: deps.page ?? 1,
        month: deps.month,
        withoutTaxCategory: deps.semCategoria,
      }),
    );
    void queryClient.prefetchQuery(bankQueries.rules(companyId));
    void queryClient.prefetchQuery(bankQueries.taxCategories());
  },
  component: TransactionsPage,
});

function BackLink() {
  return (
    <Link
      to="/app/bank-statements/accounts"
      className="mb-4 inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      Voltar para as contas
    </Link>
  );
}

/** One account's movements: filter, categorise one by one or in bulk, rules, and the month's export. */
function TransactionsPage() {
  const { company } = useCompanyState();
  const { accountId } = Route.useParams();
  if (!company) return null;
  return (
    <div>
      <BackLink />
      <QueryBoundary
        errorTitle="Não foi possível carregar a conta"
        loading={<PageSpinner label="Carregando a conta…" />}
        resetKey={accountId}
      >
        <Account companyId={company.id} accountId={accountId} />
      </QueryBoundary>
    </div>
  );
}

function Account({ companyId, accountId }: { companyId: string; accountId: string }) {
  const { data: account } = useSuspenseQuery(bankQueries.account(companyId, accountId));
  if (!account)
    return (
      <>
        <PageHeader title="Movimentações da conta" />
        <EmptyState title="Conta não encontrada">
          Esta conta não existe ou foi excluída. Volte para a lista de contas ou importe o extrato de novo.
        </EmptyState>
      </>
    );
  return <Movements account={account} />;
}

function Movements({ account }: { account: BankAccount }) {
  const search: TransactionSearch = Route.useSearch();
  const navigate = useNavigate();
  const filter = (changes: TransactionFilterValues) =>
    navigate({ to: '.', search: { ...search, ...changes, page: undefined } as never });
  const listKey = `${search.month ?? ''}|${search.semCategoria ? 1 : 0}|${search.page ?? 1}`;
  return (
    <>
      <AccountHeader account={account} />
      <div className="space-y-6">
        <Card>
          <h2 className="sr-only">Movimentações</h2>
          <TransactionFilters value={search} onChange={filter} />
          <div className="mt-4">
            <QueryBoundary
              errorTitle="Não foi possível carregar as movimentações"
              loading={<PageSpinner label="Carregando as movimentações…" />}
              resetKey={listKey}
            >
              <TransactionList key={listKey} account={account} search={search} />
            </QueryBoundary>
          </div>
        </Card>
        <div className="grid gap-6 lg:grid-cols-2">
          <RulesPanel companyId={account.companyId} />
          <ExportPanel account={account} />
        </div>
      </div>
    </>
  );
}
