import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { useState } from 'react';
import * as v from 'valibot';
import { PAGE_SIZE, findPlan } from '../../../../../../domain';
import { leadQueries } from '../../../../../api/leads';
import { Button } from '../../../../../components/ui/Button';
import { EmptyState, PageHeader } from '../../../../../components/ui/Card';
import { Pagination } from '../../../../../components/ui/Pagination';
import { SearchInput } from '../../../../../components/ui/SearchInput';
import { Table } from '../../../../../components/ui/Table';
import { formatDateTime } from '../../../../../lib/format';

const LeadsSearch = v.object({
  q: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(100)), '')),
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
});

/** "+5511987654321" → "+55 (11) 98765-4321". */
function formatLeadPhone(phone: string): string {
  const match = /^\+55(\d{2})(\d{4,5})(\d{4})$/.exec(phone);
  return match ? `+55 (${match[1]}) ${match[2]}-${match[3]}` : phone;
}

export const Route = createFileRoute('/app/_admin/_sysadmin/admin/leads')({
  validateSearch: LeadsSearch,
  loaderDeps: ({ search }) => ({ q: search.q ?? '', page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(leadQueries.list(deps)),
  head: () => ({ meta: [{ title: 'Contatos do site | Contábil' }] }),
  component: LeadsPage,
});

/** The people who left their contact on the site's forms, to be called back (newest first). */
function LeadsPage() {
  const search = Route.useSearch();
  const page = search.page ?? 1;
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(leadQueries.list({ page, q: search.q }));
  const [query, setQuery] = useState(search.q ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    void navigate({ search: (s) => ({ ...s, q: query.trim() || undefined, page: undefined }) });
  }

  return (
    <div>
      <PageHeader
        title="Contatos do site"
        description={`${data.total} ${data.total === 1 ? 'pessoa pediu' : 'pessoas pediram'} para falar com um contador`}
      />
      <form role="search" onSubmit={submit} className="mb-4 flex max-w-xl gap-2">
        <SearchInput
          label="Buscar por nome ou e-mail"
          visibleLabel
          placeholder="Nome ou e-mail"
          className="flex-1"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit" variant="secondary" className="self-end">
          Buscar
        </Button>
      </form>
      {data.data.length === 0 ? (
        <EmptyState title="Nenhum contato">
          {search.q ? 'Nada corresponde à busca.' : 'Os contatos deixados nos formulários do site aparecem aqui.'}
        </EmptyState>
      ) : (
        <Table columns={['Pessoa', 'Plano de interesse', 'Página', 'Recebido em']} label="Contatos do site">
          {data.data.map((lead) => (
            <tr key={lead.id} className="hover:bg-slate-50">
              <td className="px-4 py-3">
                <p className="font-semibold text-slate-900">{lead.name}</p>
                <p className="text-xs text-slate-600">
                  <a href={`mailto:${lead.email}`} className="hover:text-brand-700 hover:underline">
                    {lead.email}
                  </a>
                  {lead.phone && (
                    <>
                      {' · '}
                      <a href={`tel:${lead.phone}`} className="hover:text-brand-700 hover:underline">
                        {formatLeadPhone(lead.phone)}
                      </a>
                    </>
                  )}
                </p>
              </td>
              <td className="px-4 py-3 text-slate-700">{(lead.planId && findPlan(lead.planId)?.name) || 'Não informado'}</td>
              <td className="px-4 py-3 text-slate-700">
                {lead.source ? (
                  <a href={lead.source} className="hover:text-brand-700 hover:underline" target="_blank" rel="noopener">
                    {lead.source}
                  </a>
                ) : (
                  '—'
                )}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDateTime(lead.createdAt)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE.leads} total={data.total} searchFor={(p) => ({ ...search, page: p })} />
    </div>
  );
}
