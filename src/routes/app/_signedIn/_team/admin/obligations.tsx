import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import type { TeamObligationRow } from '@domain';
import { MonthKeySchema, OBLIGATION_KIND_LABEL, addMonths, formatMoney, monthKey, saoPauloDate } from '@domain';
import { obligationQueries, recordObligationPayment } from '@/features/taxes/api';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { QueryBoundary } from '@/components/QueryBoundary';
import { EmptyState, PageHeader } from '@/components/ui/Card';
import { filterControlClass } from '@/components/ui/Field';
import { Table } from '@/components/ui/Table';
import toast from '@/lib/toast';
import { STATUS_TONE, competenceBr, dateBr, statusLabel } from '@/features/taxes/labels';
import { PAGE_HEADINGS, headOfPage } from '@/lib/page-shell';

const ObligationsSearch = v.looseObject({
  mes: v.fallback(v.optional(MonthKeySchema()), undefined),
});

export const Route = createFileRoute('/app/_signedIn/_team/admin/obligations')({
  validateSearch: ObligationsSearch,
  head: () => headOfPage('/app/admin/obligations'),
  loaderDeps: ({ search }) => ({ mes: search.mes }),
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(obligationQueries.teamMonth(deps.mes ?? dueCompetence()));
  },
  component: TeamObligationsPage,
});

/** The month whose guides fall due now: the previous one. */
function dueCompetence() {
  const { year, month } = saoPauloDate(new Date());
  return addMonths(monthKey(year, month), -1);
}

const todayIso = () => {
  const { year, month, day } = saoPauloDate(new Date());
  return `${monthKey(year, month)}-${String(day).padStart(2, '0')}`;
};

/** Every company's month: its DAS or DAS-MEI, due date and what is still to do (docs/taxes.md). */
function TeamObligationsPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { year, month } = saoPauloDate(new Date());
  const fallback = dueCompetence();
  const competence = search.mes ?? fallback;
  const months = Array.from({ length: 13 }, (_, i) => addMonths(monthKey(year, month), -i));

  return (
    <div>
      <PageHeader
        title={PAGE_HEADINGS['/app/admin/obligations']}
        description="O DAS de cada empresa MEI e do Simples Nacional na competência escolhida, com o que falta fazer."
        actions={
          <select
            aria-label="Competência"
            className={filterControlClass}
            value={competence}
            onChange={(e) => navigate({ search: { mes: e.target.value === fallback ? undefined : e.target.value } })}
          >
            {months.map((m) => (
              <option key={m} value={m}>
                {competenceBr(m)}
              </option>
            ))}
          </select>
        }
      />
      <QueryBoundary errorTitle="Não foi possível carregar os impostos" resetKey={competence}>
        <MonthObligations competence={competence} />
      </QueryBoundary>
    </div>
  );
}

function MonthObligations({ competence }: { competence: string }) {
  const queryClient = useQueryClient();
  const { data: list } = useSuspenseQuery(obligationQueries.teamMonth(competence));
  const paid = useMutation({
    mutationFn: (row: TeamObligationRow) =>
      recordObligationPayment(row.companyId, {
        kind: row.regime === 'mei' ? 'das_mei' : 'das',
        competence: row.competence,
        paidOn: todayIso(),
      }),
    onSuccess: (_, row) => {
      toast.success(`Pagamento de ${row.companyName} registrado.`);
      void queryClient.invalidateQueries({ queryKey: ['obligations'] });
    },
    onError: (error) => toast.error(error.message),
  });
  if (list.data.length === 0)
    return (
      <EmptyState title="Nenhuma empresa com impostos nesta competência">
        Aparecem aqui as empresas ativas do MEI e do Simples Nacional.
      </EmptyState>
    );
  return (
    <Table label="Impostos das empresas" columns={['Empresa', 'Valor', 'Vencimento', 'Situação', 'Pendências', '']}>
      {list.data.map((row) => (
        <tr key={row.companyId}>
          <td className="font-medium text-slate-900">
            {row.companyName}
            <span className="block text-xs font-normal text-slate-500">{row.regime === 'mei' ? 'MEI' : 'Simples Nacional'}</span>
          </td>
          <td data-label="Valor" className="tabular-nums">
            {row.amountCents === null ? '—' : formatMoney(row.amountCents)}
          </td>
          <td data-label="Vencimento">{dateBr(row.dueDate)}</td>
          <td data-label="Situação">
            <Badge tone={STATUS_TONE[row.status]}>
              {statusLabel({ kind: row.regime === 'mei' ? 'das_mei' : 'das', status: row.status })}
            </Badge>
          </td>
          <td data-label="Pendências">
            {row.pending.length ? row.pending.map((kind) => OBLIGATION_KIND_LABEL[kind]).join(', ') : 'Nenhuma'}
          </td>
          <td data-label="Ações">
            {row.amountCents !== null && row.status !== 'paga' && (
              <Button variant="secondary" disabled={paid.isPending} onClick={() => paid.mutate(row)}>
                Registrar pagamento
              </Button>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}
