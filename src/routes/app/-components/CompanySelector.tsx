import { CheckIcon, ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import { companyDisplayName } from '@domain';
import { companyQueries } from '@/lib/api/companies';
import { CompanyStatusBadge } from '@/components/StatusBadge';
import { usePopup } from '@/components/ui/usePopup';
import { useSessionActor } from '@/lib/session-handle';
import { useCompanyState } from '@/lib/company-state';

/** The customer's companies (docs/features.md company selector); choosing one reloads it through the session. */
export function CompanySelector() {
  const session = useSessionActor();
  const current = useCompanyState().company;
  const companies = useQuery(companyQueries.list({ page: 1 }));
  const { open, close, buttonProps, listProps } = usePopup({ itemRole: 'option' });
  const options = companies.data?.data ?? (current ? [current] : []);
  if (!current) return null;

  if (options.length <= 1) {
    return (
      <div data-testid="company-selector" className="flex min-w-0 items-center gap-2 text-sm">
        <span className="truncate font-semibold text-slate-800">{companyDisplayName(current)}</span>
        <CompanyStatusBadge status={current.status} />
      </div>
    );
  }

  const choose = (companyId: string) => {
    close(true);
    if (companyId !== current.id) session.send({ type: 'company.select', companyId });
  };
  return (
    <div data-testid="company-selector" className="relative min-w-0">
      <button
        {...buttonProps}
        aria-label="Empresa selecionada"
        className="relative flex w-full min-w-0 items-center gap-2 rounded-lg border border-slate-300 bg-white py-1.5 pl-3 pr-8 text-left text-sm font-semibold text-slate-800 sm:w-72"
      >
        <span className="truncate">{companyDisplayName(current)}</span>
        <ChevronUpDownIcon className="absolute right-2 size-5 text-slate-400" aria-hidden="true" />
      </button>
      {/* In place and not modal, like the user menu: the page keeps its landmarks while the list is open. */}
      {open && (
        <div
          {...listProps}
          aria-label="Empresas"
          className="absolute left-0 top-full z-50 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          {options.map((company) => {
            const selected = company.id === current.id;
            return (
              <div
                key={company.id}
                role="option"
                aria-selected={selected}
                tabIndex={-1}
                onClick={() => choose(company.id)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' && event.key !== ' ') return;
                  event.preventDefault();
                  choose(company.id);
                }}
                className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-slate-100 focus:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <CheckIcon className={`size-4 text-brand-700 ${selected ? '' : 'invisible'}`} aria-hidden="true" />
                <span className="flex-1 truncate">{companyDisplayName(company)}</span>
                <CompanyStatusBadge status={company.status} />
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
