import { ArrowLeftIcon } from '@heroicons/react/24/outline';
import { useQuery } from '@tanstack/react-query';
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
import { Alert, Card, EmptyState, PageHeader } from '@/components/ui/Card';
import { PageSpinner } from '@/components/ui/Spinner';
import { useCompanyState } from '@/lib/company-state';

const TransactionsSearch = v.object({
  month: v.fallback(v.optional(MonthKeySchema()), undefined),
  semCategoria: v.fallback(v.optional(v.boolean()), undefined),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export const Route = createFileRoute('/app/_signedIn/_withCompany/bank-statements/accounts/$accountId/transactions')({
  validateSearch: TransactionsSearch,
  head: () => ({ meta: [{ title: 'Movimentações da conta | Contábil' }] }),
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
  const search: TransactionSearch = Route.useSearch();
  const navigate = useNavigate();
  const account = useQuery({ ...bankQueries.account(company?.id ?? '', accountId), enabled: Boolean(company) });
  if (!company) return null;

  const filter = (changes: TransactionFilterValues) =>
    navigate({ to: '.', search: { ...search, ...changes, page: undefined } as never });

  if (account.isPending) return <PageSpinner label="Carregando a conta…" />;
  if (account.isError)
    return (
      <div>
        <BackLink />
        <PageHeader title="Movimentações da conta" />
        <Alert>{account.error.message}</Alert>
      </div>
    );
  if (!account.data)
    return (
      <div>
        <BackLink />
        <PageHeader title="Movimentações da conta" />
        <EmptyState title="Conta não encontrada">
          Esta conta não existe ou foi excluída. Volte para a lista de contas ou importe o extrato de novo.
        </EmptyState>
      </div>
    );

  return (
    <div>
      <BackLink />
      <AccountHeader account={account.data} />
      <div className="space-y-6">
        <Card>
          <h2 className="sr-only">Movimentações</h2>
          <TransactionFilters value={search} onChange={filter} />
          <div className="mt-4">
            <TransactionList
              key={`${search.month ?? ''}|${search.semCategoria ? 1 : 0}|${search.page ?? 1}`}
              account={account.data}
              search={search}
            />
          </div>
        </Card>
        <div className="grid gap-6 lg:grid-cols-2">
          <RulesPanel companyId={company.id} />
          <ExportPanel account={account.data} />
        </div>
      </div>
    </div>
  );
}
