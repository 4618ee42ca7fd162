import type { BodyOf, Company, NfsSchedule } from '@domain';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, lazy, useState } from 'react';
import toast from '@/lib/toast';
import { competenceLabel, formatCnpj, formatMoney, formatTakerDocument } from '@domain';
import { ApiError } from '@/lib/api/errors';
import { deleteSchedule, generateScheduleNow, invoiceQueries, saveSchedule } from '@/features/invoices/api';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, EmptyState } from '@/components/ui/Card';
import { ConfirmButton, ConfirmDialog } from '@/components/ui/ConfirmButton';
import { PageSpinner } from '@/components/ui/Spinner';
import { formatDate } from '@/lib/format';
import type { InvoiceFormValues } from './invoice-values';
import { addressValues, emptyInvoice } from './invoice-values';

// The form loads when it opens, the request's detail when one is chosen: the list shows first.
const InvoiceForm = lazy(() => import('./InvoiceForm').then((m) => ({ default: m.InvoiceForm })));

const valuesOf = (schedule: NfsSchedule): InvoiceFormValues => ({
  ...emptyInvoice(''),
  emissionType: schedule.emissionType,
  cnpj: schedule.cnpj ? formatCnpj(schedule.cnpj) : '',
  cpf: schedule.cpf ?? '',
  nif: schedule.nif ?? '',
  noNifReason: schedule.customerNoNifReason ?? '',
  ...addressValues(schedule.customerAddress),
  totalCents: schedule.totalCents,
  customerName: schedule.customerName,
  customerEmail: schedule.customerEmail ?? '',
  description: schedule.description,
  activity: schedule.activity ?? '',
  serviceItem: schedule.serviceItem ?? '',
  serviceCode: schedule.serviceCode ?? '',
  issWithheld: schedule.issWithheld,
  dayOfMonth: String(schedule.dayOfMonth),
  active: schedule.active,
  autoEmit: schedule.autoEmit,
});

/** A schedule's next run (YYYY-MM-DD, from the domain's `nextRunDate`) as dd/mm/aaaa. */
const nextRunLabel = (nextRun: string) => formatDate(`${nextRun}T12:00:00Z`);

/** The month the runner left out because the customer had already asked by hand, while it is the newest news. */
const skippedNotice = (schedule: NfsSchedule) =>
  schedule.skippedMonth && (!schedule.lastGeneratedMonth || schedule.skippedMonth > schedule.lastGeneratedMonth)
    ? `A nota de ${competenceLabel(schedule.skippedMonth)} não foi gerada: você já tinha pedido uma nota para este tomador nessa competência.`
    : null;

function ScheduleEditor({ company, schedule, onDone }: { company: Company; schedule?: NfsSchedule; onDone: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: BodyOf<'POST /nfs/schedulers'>) => saveSchedule(company.id, body, schedule?.id),
    onSuccess: (saved) => {
      const next = saved.nextRun ? nextRunLabel(saved.nextRun) : null;
      toast.success(
        schedule
          ? `Agendamento atualizado.${next ? ` Próxima nota pedida em ${next}.` : ''}`
          : `Agendamento criado: a nota será pedida todo mês${next ? `, a primeira em ${next}` : ''}.`,
      );
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      onDone();
    },
  });
  const apiError = save.error instanceof ApiError ? save.error : null;
  return (
    <Card>
      <h2 className="mb-4 text-lg font-bold text-slate-900">{schedule ? 'Editar agendamento' : 'Novo agendamento mensal'}</h2>
      <Suspense fallback={<PageSpinner />}>
        <InvoiceForm
          company={company}
          mode="schedule"
          initial={schedule ? valuesOf(schedule) : emptyInvoice('')}
          submitLabel={schedule ? 'Salvar' : 'Criar agendamento'}
          busy={save.isPending}
          serverErrors={apiError?.fields}
          serverMessage={apiError && !Object.keys(apiError.fields).length ? apiError.message : null}
          onSubmit={(body) => save.mutate(body)}
          onCancel={onDone}
        />
      </Suspense>
    </Card>
  );
}

/** Monthly invoices: on its day each month, the request is created by itself. */
/** The company's schedules; read inside a QueryBoundary, which shows their loading and error states. */
export function SchedulesTab({ company }: { company: Company }) {
  const queryClient = useQueryClient();
  const schedules = useSuspenseQuery(invoiceQueries.schedules(company.id));
  const [editing, setEditing] = useState<NfsSchedule | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['invoices'] });
  // The server's question when the customer already asked by hand for the tomador this month.
  const [warning, setWarning] = useState<{ schedule: Pick<NfsSchedule, 'id' | 'companyId'>; message: string } | null>(null);
  const generate = useMutation({
    mutationFn: generateScheduleNow,
    onSuccess: () => {
      toast.success('Nota deste mês solicitada.');
      refresh();
    },
    onError: (e, { schedule }) => {
      if (e instanceof ApiError && e.code === 'confirmation_required') setWarning({ schedule, message: e.message });
      else toast.error(e.message);
    },
  });
  const remove = useMutation({
    mutationFn: deleteSchedule,
    onSuccess: () => {
      toast.success('Agendamento excluído.');
      refresh();
    },
    onError: (e) => toast.error(e.message),
  });

  if (editing)
    return (
      <ScheduleEditor company={company} schedule={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
    );
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing('new')}>Novo agendamento</Button>
      </div>
      {schedules.data.data.length === 0 ? (
        <EmptyState title="Nenhum agendamento">
          Emite a mesma nota todo mês (uma mensalidade, um contrato)? Agende e ela é pedida sozinha, no dia escolhido.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {schedules.data.data.map((schedule) => (
            <li key={schedule.id}>
              <Card>
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-slate-900">{schedule.customerName}</p>
                    <p className="text-xs text-slate-500">
                      {formatTakerDocument(schedule).label} {formatTakerDocument(schedule).value}
                    </p>
                  </div>
                  {schedule.active ? <Badge tone="green">Ativo</Badge> : <Badge tone="gray">Pausado</Badge>}
                </div>
                <p className="mt-3 text-2xl font-bold text-slate-900">{formatMoney(schedule.totalCents)}</p>
                <p className="mt-1 line-clamp-2 text-sm text-slate-600">{schedule.description}</p>
                <p className="mt-3 text-sm text-slate-700">
                  Todo dia {schedule.dayOfMonth}
                  {schedule.nextRun ? ` · próxima em ${nextRunLabel(schedule.nextRun)}` : ''}
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  {schedule.autoEmit ? 'Emitida automaticamente pelo Sistema Nacional' : 'Emitida pela nossa equipe'}
                </p>
                {skippedNotice(schedule) && (
                  <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">{skippedNotice(schedule)}</p>
                )}
                <div className="mt-4 flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setEditing(schedule)}>
                    Editar
                  </Button>
                  <Button
                    variant="secondary"
                    busy={generate.isPending && generate.variables?.schedule.id === schedule.id}
                    onClick={() => generate.mutate({ schedule })}
                  >
                    Gerar agora
                  </Button>
                  <ConfirmButton
                    variant="ghost"
                    title="Excluir este agendamento?"
                    description="As notas já pedidas continuam. Nenhuma nova será pedida."
                    confirmLabel="Excluir"
                    onConfirm={() => remove.mutate(schedule)}
                  >
                    Excluir
                  </ConfirmButton>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={warning !== null}
        title="Gerar outra nota para este tomador?"
        description={warning?.message}
        confirmLabel="Gerar mesmo assim"
        onConfirm={() => warning && generate.mutate({ schedule: warning.schedule, confirm: true })}
        onClose={() => setWarning(null)}
      />
    </div>
  );
}
