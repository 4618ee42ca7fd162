import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { CompanyStatus, StepId } from '@domain';
import { COMPANY_STATUS_LABEL, PAGE_SIZE, STEP_LABEL, TRACK_STEPS, companyDisplayName } from '@domain';
import type { OrdersParams } from '../api';
import { orderQueries } from '../api';
import { CompanyStatusBadge } from '@/components/StatusBadge';
import { Badge } from '@/components/ui/Badge';
import { SearchForm } from '@/components/ui/SearchForm';
import { filterControlClass } from '@/components/ui/Field';
import { EmptyState, PageHeader } from '@/components/ui/Card';
import { Table } from '@/components/ui/Table';
import { Pagination } from '@/components/ui/Pagination';
import { formatRelative } from '@/lib/format';
import type { OrdersSearch } from '../orders-search';
import { ordersParams } from '../orders-search';
import { PAGE_HEADINGS } from '@/lib/page-shell';

const STATUSES: Record<OrdersParams['kind'], CompanyStatus[]> = {
  opening: ['pending', 'awaiting_opening', 'opening', 'active', 'disabled'],
  migration: ['pending', 'migrating', 'active', 'disabled'],
};

/** The team's queue of companies being opened or migrated: where each stands and for how long. */
export function OrdersPage({ kind, search }: { kind: OrdersParams['kind']; search: OrdersSearch }) {
  const params = ordersParams(kind, search);
  const { data } = useSuspenseQuery(orderQueries.list(params));
  const navigate = useNavigate();
  const trackId = kind === 'opening' ? 'create-company' : 'migrate-company';
  const update = (changes: Partial<OrdersSearch>) =>
    navigate({ to: '.', search: { ...search, ...changes, page: undefined } as never });

  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS[`/app/admin/companies/${kind}-orders`]}
        description={`${data.total} ${data.total === 1 ? 'empresa' : 'empresas'} na fila — quem espera há mais tempo aparece primeiro.`}
      />
      <SearchForm
        label="Buscar por empresa, cliente ou CNPJ"
        placeholder="Buscar por empresa, cliente ou CNPJ"
        className="mb-4 flex flex-wrap gap-2"
        inputClassName="min-w-60 flex-1"
        value={search.q}
        onSearch={(q) => update({ q })}
      >
        <select
          aria-label="Situação"
          className={filterControlClass}
          value={search.status ?? ''}
          onChange={(e) => update({ status: (e.target.value || undefined) as CompanyStatus | undefined })}
        >
          <option value="">Em andamento</option>
          {STATUSES[kind].map((status) => (
            <option key={status} value={status}>
              {COMPANY_STATUS_LABEL[status]}
            </option>
          ))}
        </select>
        <select
          aria-label="Etapa"
          className={filterControlClass}
          value={search.step ?? ''}
          onChange={(e) => update({ step: (e.target.value || undefined) as StepId | undefined })}
        >
          <option value="">Todas as etapas</option>
          {TRACK_STEPS[trackId].map((stepId) => (
            <option key={stepId} value={stepId}>
              {STEP_LABEL[stepId]}
            </option>
          ))}
        </select>
      </SearchForm>

      {data.data.length === 0 ? (
        <EmptyState title="Nenhum pedido aqui">Quando um cliente começar, o pedido aparece nesta fila.</EmptyState>
      ) : (
        <Table columns={['Empresa', 'Cliente', 'Etapa atual', 'Esperando', 'Situação']}>
          {data.data.map((order) => (
            <tr key={order.company.id} className="hover:bg-slate-50">
              <td className="px-4 py-3">
                <Link
                  to="/app/admin/companies/$companyId"
                  params={{ companyId: order.company.id }}
                  className="font-semibold text-slate-900 hover:text-brand-700"
                >
                  {companyDisplayName(order.company)}
                </Link>
              </td>
              <td className="px-4 py-3 text-slate-700">
                {order.customer ? (
                  <>
                    {order.customer.name}
                    <span className="block text-xs text-slate-500">{order.customer.email}</span>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td className="px-4 py-3">
                {order.currentStep ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-slate-800">{STEP_LABEL[order.currentStep.stepId]}</span>
                    <Badge tone={order.currentStep.actor === 'team' ? 'yellow' : 'gray'}>
                      {order.currentStep.actor === 'team' ? 'Com a equipe' : 'Com o cliente'}
                    </Badge>
                  </span>
                ) : (
                  <Badge tone="green">Etapas concluídas</Badge>
                )}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatRelative(order.waitingSince)}</td>
              <td className="whitespace-nowrap px-4 py-3">
                <CompanyStatusBadge status={order.company.status} />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pagination
        page={params.page}
        pageSize={PAGE_SIZE.openingOrders}
        total={data.total}
        searchFor={(page) => ({ ...search, page })}
      />
    </div>
  );
}
