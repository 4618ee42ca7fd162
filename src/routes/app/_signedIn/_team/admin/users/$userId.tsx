import { ArrowLeftIcon } from '@heroicons/react/20/solid';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Link, createFileRoute, useRouter } from '@tanstack/react-router';
import { ROLE_LABEL, companyDisplayName, formatCnpj, formatPhone } from '@domain';
import { ApiError } from '@/lib/api/errors';
import { adminUserQueries } from '@/features/users/api';
import type { AdminUserDetail } from '@domain';
import { CompanyStatusBadge } from '@/components/StatusBadge';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Alert, Card, EmptyState, PageHeader } from '@/components/ui/Card';
import { PageSpinner } from '@/components/ui/Spinner';
import { Avatar } from '@/features/users/components/Avatar';
import { titledHead } from '@/lib/document-title';
import { formatDate, formatDateTime } from '@/lib/format';

export const Route = createFileRoute('/app/_signedIn/_team/admin/users/$userId')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(adminUserQueries.detail(params.userId)),
  head: () => titledHead('Usuário'),
  pendingComponent: () => <PageSpinner />,
  errorComponent: UserError,
  component: UserPage,
});

function BackLink() {
  return (
    <Link
      to="/app/admin/users"
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" /> Usuários
    </Link>
  );
}

function UserError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div>
      <BackLink />
      {missing ? (
        <EmptyState title="Usuário não encontrado">A conta pode ter sido excluída.</EmptyState>
      ) : (
        <>
          <Alert>{(error instanceof Error && error.message) || 'Não foi possível carregar o usuário.'}</Alert>
          <Button variant="secondary" className="mt-4" onClick={() => void router.invalidate()}>
            Tentar novamente
          </Button>
        </>
      )}
    </div>
  );
}

function accessText(account: AdminUserDetail['account']): string {
  if (account === undefined) return 'Não disponível';
  if (account === null) return 'Sem login (cadastro sem acesso ao sistema)';
  if (account.disabled) return 'Login desativado';
  return account.lastSignInAt ? formatDateTime(account.lastSignInAt) : 'Ainda não entrou';
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function UserPage() {
  const { userId } = Route.useParams();
  const { data: user } = useSuspenseQuery(adminUserQueries.detail(userId));
  return (
    <div>
      <BackLink />
      <div className="mb-6 flex min-w-0 items-center gap-4 break-words">
        <Avatar name={user.name} email={user.email} photoUrl={user.photoUrl} size="lg" />
        <PageHeader title={user.name} description={user.email} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {/* min-w-0: a long company name wraps instead of widening the page on a phone. */}
        <Card className="min-w-0">
          <h2 className="text-lg font-bold text-slate-900">Dados</h2>
          <dl className="mt-2 divide-y divide-slate-100">
            <Row label="E-mail">{user.email}</Row>
            <Row label="Celular">{user.phone ? formatPhone(user.phone) : '—'}</Row>
            <Row label="Perfil">
              <span className="flex flex-wrap gap-1">
                {user.roles.map((role) => (
                  <Badge key={role} tone={role === 'system-admin' ? 'teal' : 'gray'}>
                    {ROLE_LABEL[role]}
                  </Badge>
                ))}
              </span>
            </Row>
            <Row label="Cadastro">{formatDate(user.createdAt)}</Row>
            <Row label="Último acesso">{accessText(user.account)}</Row>
          </dl>
        </Card>
        <Card className="min-w-0">
          <h2 className="text-lg font-bold text-slate-900">Empresas</h2>
          {user.companies.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">
              {user.roles.includes('system-admin')
                ? 'A equipe contábil vê todas as empresas.'
                : 'Nenhuma empresa: a pessoa começa pelo cadastro de uma.'}
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-100">
              {user.companies.map((company) => (
                <li key={company.id} className="flex items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <Link
                      to="/app/admin/companies/$companyId"
                      params={{ companyId: company.id }}
                      className="font-semibold text-slate-900 hover:text-brand-700"
                    >
                      {companyDisplayName(company)}
                    </Link>
                    <p className="truncate text-xs text-slate-500">
                      {[company.alias ? company.name : null, company.cnpj ? formatCnpj(company.cnpj) : null]
                        .filter(Boolean)
                        .join(' · ') || 'Sem CNPJ ainda'}
                    </p>
                  </div>
                  <CompanyStatusBadge status={company.status} />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </div>
  );
}
