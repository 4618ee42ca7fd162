import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { CheckIcon, ChevronUpDownIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import { companyDisplayName } from '@domain';
import { companyQueries } from '@/api/companies';
import { CompanyStatusBadge } from '@/components/StatusBadge';
import { useSessionActor } from '@/lib/session-handle';
import { useCompanyState } from './useCompany';

/** The customer's companies (spec §2 company selector); choosing one reloads it through the session. */
export function CompanySelector() {
  const session = useSessionActor();
  const current = useCompanyState().company;
  const companies = useQuery(companyQueries.list({ page: 1 }));
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

  return (
    <Listbox value={current.id} onChange={(companyId: string) => session.send({ type: 'company.select', companyId })}>
      <div data-testid="company-selector" className="relative min-w-0">
        <ListboxButton
          aria-label="Empresa selecionada"
          className="relative flex w-full min-w-0 items-center gap-2 rounded-lg border border-slate-300 bg-white py-1.5 pl-3 pr-8 text-left text-sm font-semibold text-slate-800 sm:w-72"
        >
          <span className="truncate">{companyDisplayName(current)}</span>
          <ChevronUpDownIcon className="absolute right-2 size-5 text-slate-400" aria-hidden="true" />
        </ListboxButton>
        {/* In place and not modal, like the user menu: the page keeps its landmarks while the list is open. */}
        <ListboxOptions
          modal={false}
          className="absolute left-0 top-full z-50 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
        >
          {options.map((company) => (
            <ListboxOption
              key={company.id}
              value={company.id}
              className="group flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm data-focus:bg-slate-100"
            >
              <CheckIcon className="invisible size-4 text-brand-700 group-data-selected:visible" aria-hidden="true" />
              <span className="flex-1 truncate">{companyDisplayName(company)}</span>
              <CompanyStatusBadge status={company.status} />
            </ListboxOption>
          ))}
        </ListboxOptions>
      </div>
    </Listbox>
  );
}
