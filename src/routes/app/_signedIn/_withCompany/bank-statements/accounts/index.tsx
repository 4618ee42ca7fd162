import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { featureFlagsQuery } from '@/lib/api/feature-flags';
import { bankQueries } from '@/features/bank-statements/api';
import { AccountList } from '@/features/bank-statements/components/AccountList';
import { CoraConnection } from '@/features/bank-statements/components/CoraConnection';
import { OfxImport } from '@/features/bank-statements/components/OfxImport';
import { PageHeader } from '@/components/ui/Card';
import { PageSpinner } from '@/components/ui/Spinner';
import { CategoryChartOnView } from '@/features/bank-statements/components/CategoryChartOnView';
import { useCompanyState } from '@/lib/company-state';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

const AccountsSearch = v.object({
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
});

export const Route = createFileRoute('/app/_signedIn/_withCompany/bank-statements/accounts/')({
  validateSearch: AccountsSearch,
  head: () => headOfPage('/app/bank-statements/accounts'),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(bankQueries.accounts(context.companyId, deps.page ?? 1));
    // The Cora card's connection, asked for with the rest unless the flags already say the card is off.
    if (context.queryClient.getQueryData(featureFlagsQuery().queryKey)?.cora !== false)
      void context.queryClient.prefetchQuery(bankQueries.connections(context.companyId));
  },
  component: BankAccountsPage,
});

/** Import OFX statements (or connect a Cora account), see the company's accounts, and its movements by category. */
function BankAccountsPage() {
  const { company } = useCompanyState();
  const { page = 1 } = Route.useSearch();
  const flags = useQuery(featureFlagsQuery());
  // If the flags can't be read, the Cora card stays hidden: the OFX import works regardless.
  const cora = flags.data?.cora === true;
  // The body waits for the flags (asked for by the head start, before the framework came): a card that came after the
  // rest would push the import and the accounts down. The card's connection was asked for by the loader.
  const settled = !flags.isPending;
  if (!company) return null;
  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS['/app/bank-statements/accounts']}
        description="Importe os extratos das contas da empresa e classifique as movimentações para a contabilidade."
      />
      {settled ? (
        <div className="space-y-6">
          {cora && <CoraConnection companyId={company.id} />}
          <OfxImport companyId={company.id} />
          <AccountList companyId={company.id} page={page} />
          <CategoryChartOnView companyId={company.id} />
        </div>
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}
