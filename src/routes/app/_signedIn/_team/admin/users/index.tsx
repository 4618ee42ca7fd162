import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { UserPlusIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import * as v from 'valibot';
import { PAGE_SIZE, ROLE_LABEL, companyDisplayName, formatPhone } from '@domain';
import { companyQueries } from '@/lib/api/companies';
import type { CreatedUser } from '@domain';
import { adminUserQueries } from '@/features/users/api';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { EmptyState, PageHeader } from '@/components/ui/Card';
import { Drawer } from '@/components/ui/Drawer';
import { Pagination } from '@/components/ui/Pagination';
import { SearchForm } from '@/components/ui/SearchForm';
import { Table } from '@/components/ui/Table';
import { Avatar } from '@/features/users/components/Avatar';
import { CompanyPicker, pickedOf } from '@/features/companies/components/CompanyPicker';
import { CreateUserForm } from '@/features/users/components/CreateUserForm';
import { PasswordLinkPanel } from '@/features/users/components/PasswordLinkPanel';
import { formatDate } from '@/lib/format';
import { searchText } from '@/lib/search-params';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

const UsersSearch = v.object({
  q: v.optional(v.fallback(searchText, '')),
  companyId: v.fallback(v.optional(v.pipe(v.string(), v.uuid())), undefined),
  page: v.optional(v.fallback(v.pipe(v.number(), v.integer(), v.minValue(1)), 1)),
  novo: v.fallback(v.optional(v.boolean()), undefined),
});

export const Route = createFileRoute('/app/_signedIn/_team/admin/users/')({
  validateSearch: UsersSearch,
  loaderDeps: ({ search }) => ({ q: search.q ?? '', companyId: search.companyId, page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(adminUserQueries.list(deps)),
  head: () => headOfPage('/app/admin/users'),
  component: UsersPage,
});

function UsersPage() {
  const search = Route.useSearch();
  const page = search.page ?? 1;
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(adminUserQueries.list({ page, q: search.q, companyId: search.companyId }));
  // The filter's company, by its id in the URL, so a shared or reloaded link shows its name.
  const filterCompany = useQuery({ ...companyQueries.detail(search.companyId ?? ''), enabled: !!search.companyId });
  const [created, setCreated] = useState<CreatedUser | null>(null);
  const creating = !!search.novo;

  function closeDrawer() {
    setCreated(null);
    void navigate({ search: (s) => ({ ...s, novo: undefined }) });
  }

  const filtered = !!(search.q || search.companyId);
  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS['/app/admin/users']}
        description={`${data.total} ${data.total === 1 ? 'pessoa' : 'pessoas'} ${filtered ? 'encontradas' : 'cadastradas'}`}
        actions={
          <Button onClick={() => void navigate({ search: (s) => ({ ...s, novo: true }) })}>
            <UserPlusIcon className="size-5" aria-hidden="true" /> Novo usuário
          </Button>
        }
      />
      <div className="mb-4 grid gap-3 md:grid-cols-[1fr_20rem] md:items-end">
        <SearchForm
          label="Buscar por nome ou e-mail"
          visibleLabel
          placeholder="Nome ou e-mail"
          value={search.q}
          onSearch={(q) => void navigate({ search: (s) => ({ ...s, q, page: undefined }) })}
        />
        <CompanyPicker
          label="Filtrar por empresa"
          placeholder="Todas as empresas"
          value={
            search.companyId
              ? filterCompany.data
                ? pickedOf(filterCompany.data)
                : { id: search.companyId, label: 'Carregando…' }
              : null
          }
          onChange={(company) => void navigate({ search: (s) => ({ ...s, companyId: company?.id, page: undefined }) })}
        />
      </div>

      {data.data.length === 0 ? (
        <EmptyState title="Nenhum usuário encontrado">
          {filtered ? 'Nada corresponde à busca. Tente outro nome, e-mail ou empresa.' : 'Crie o primeiro em “Novo usuário”.'}
        </EmptyState>
      ) : (
        <Table columns={['Pessoa', 'Perfil', 'Empresas', 'Cadastro']} label="Usuários">
          {data.data.map((user) => (
            <tr key={user.id} className="hover:bg-slate-50">
              <td className="px-4 py-3">
                <div className="flex items-center gap-3">
                  <Avatar name={user.name} email={user.email} photoUrl={user.photoUrl} size="sm" />
                  <div className="min-w-0">
                    <Link
                      to="/app/admin/users/$userId"
                      params={{ userId: user.id }}
                      className="font-semibold text-slate-900 hover:text-brand-700"
                    >
                      {user.name}
                    </Link>
                    <p className="truncate text-xs text-slate-500">
                      {user.email}
                      {user.phone && <> · {formatPhone(user.phone)}</>}
                    </p>
                  </div>
                </div>
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                {user.roles.map((role) => (
                  <Badge key={role} tone={role === 'system-admin' ? 'teal' : 'gray'}>
                    {ROLE_LABEL[role]}
                  </Badge>
                ))}
              </td>
              <td className="px-4 py-3 text-slate-700">
                {user.companies.length === 0
                  ? '—'
                  : user.companies.map((company, i) => (
                      <span key={company.id}>
                        {i > 0 && ', '}
                        <Link
                          to="/app/admin/companies/$companyId"
                          params={{ companyId: company.id }}
                          className="hover:text-brand-700 hover:underline"
                        >
                          {companyDisplayName(company)}
                        </Link>
                      </span>
                    ))}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatDate(user.createdAt)}</td>
            </tr>
          ))}
        </Table>
      )}
      <Pagination page={page} pageSize={PAGE_SIZE.users} total={data.total} searchFor={(p) => ({ ...search, page: p })} />

      <Drawer open={creating} onClose={closeDrawer} title={created ? 'Usuário criado' : 'Novo usuário'}>
        {created ? (
          <PasswordLinkPanel user={created} onDone={closeDrawer} />
        ) : (
          <CreateUserForm onCreated={setCreated} onCancel={closeDrawer} />
        )}
      </Drawer>
    </div>
  );
}
