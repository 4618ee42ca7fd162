import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Company, NfsSchedule } from '@domain';
import { formatCnpj, formatMoney } from '@domain';
import { ApiError } from '@/api/errors';
import { deleteSchedule, generateScheduleNow, invoiceQueries, saveSchedule } from '@/api/invoices';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Card, EmptyState } from '@/components/ui/Card';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { PageSpinner } from '@/components/ui/Spinner';
import { formatDate } from '@/lib/format';
import type { InvoiceFormValues } from './InvoiceForm';
import { InvoiceForm, emptyInvoice } from './InvoiceForm';
import { formatCpf } from '@/components/invoices/RequestDetail';

const valuesOf = (schedule: NfsSchedule): InvoiceFormValues => ({
  ...emptyInvoice(''),
  emissionType: schedule.emissionType,
  cnpj: schedule.cnpj ? formatCnpj(schedule.cnpj) : '',
  cpf: schedule.cpf ?? '',
  totalCents: schedule.totalCents,
  customerName: schedule.customerName,
  customerEmail: schedule.customerEmail ?? '',
  description: schedule.description,
  activity: schedule.activity ?? '',
  serviceItem: schedule.serviceItem ?? '',
  issWithheld: schedule.issWithheld,
  dayOfMonth: String(schedule.dayOfMonth),
  active: schedule.active,
});

function ScheduleEditor({ company, schedule, onDone }: { company: Company; schedule?: NfsSchedule; onDone: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: unknown) => saveSchedule(company.id, body, schedule?.id),
    onSuccess: () => {
      toast.success(schedule ? 'Agendamento atualizado.' : 'Agendamento criado: a nota será pedida todo mês.');
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      onDone();
    },
  });
  const apiError = save.error instanceof ApiError ? save.error : null;
  return (
    <Card>
      <h2 className="mb-4 text-lg font-bold text-slate-900">{schedule ? 'Editar agendamento' : 'Novo agendamento mensal'}</h2>
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
    </Card>
  );
}

/** Monthly invoices: on its day each month, the request is created by itself. */
export function SchedulesTab({ company }: { company: Company }) {
  const queryClient = useQueryClient();
  const schedules = useQuery(invoiceQueries.schedules(company.id));
  const [editing, setEditing] = useState<NfsSchedule | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['invoices'] });
  const generate = useMutation({
    mutationFn: generateScheduleNow,
    onSuccess: () => {
      toast.success('Nota deste mês solicitada.');
      refresh();
    },
    onError: (e) => toast.error(e.message),
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
  if (schedules.isPending) return <PageSpinner />;
  if (schedules.isError)
    return <EmptyState title="Não foi possível carregar os agendamentos">{schedules.error.message}</EmptyState>;

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
                      {schedule.cnpj ? formatCnpj(schedule.cnpj) : formatCpf(schedule.cpf ?? '')}
                    </p>
                  </div>
                  {schedule.active ? <Badge tone="green">Ativo</Badge> : <Badge tone="gray">Pausado</Badge>}
                </div>
                <p className="mt-3 text-2xl font-bold text-slate-900">{formatMoney(schedule.totalCents)}</p>
                <p className="mt-1 line-clamp-2 text-sm text-slate-600">{schedule.description}</p>
                <p className="mt-3 text-sm text-slate-700">
                  Todo dia {schedule.dayOfMonth}
                  {schedule.nextRun ? ` · próxima em ${formatDate(`${schedule.nextRun}T12:00:00Z`)}` : ''}
                </p>
                <div className="mt-4 flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setEditing(schedule)}>
                    Editar
                  </Button>
                  <Button
                    variant="secondary"
                    busy={generate.isPending && generate.variables?.id === schedule.id}
                    onClick={() => generate.mutate(schedule)}
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
    </div>
  );
}
