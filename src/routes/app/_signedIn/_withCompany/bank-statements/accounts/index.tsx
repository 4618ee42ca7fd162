import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { useFeature } from '@/lib/api/feature-flags';
import { bankQueries } from '@/features/bank-statements/api';
import { AccountList } from '@/features/bank-statements/components/AccountList';
import { CoraConnection } from '@/features/bank-statements/components/CoraConnection';
import { OfxImport } from '@/features/bank-statements/components/OfxImport';
import { PageHeader } from '@/components/ui/Card';
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
  },
  component: BankAccountsPage,
});

/** Import OFX statements (or connect a Cora account), see the company's accounts, and its movements by category. */
function BankAccountsPage() {
  const { company } = useCompanyState();
  const { page = 1 } = Route.useSearch();
  // Until the flags arrive, or if they can't be read, the Cora card stays hidden: the OFX import works regardless.
  const cora = useFeature('cora');
  if (!company) return null;
  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS['/app/bank-statements/accounts']}
        description="Importe os extratos das contas da empresa e classifique as movimentações para a contabilidade."
      />
      <div className="space-y-6">
        {cora && <CoraConnection companyId={company.id} />}
        <OfxImport companyId={company.id} />
        <AccountList companyId={company.id} page={page} />
        <CategoryChartOnView companyId={company.id} />
      </div>
    </div>
  );
}
