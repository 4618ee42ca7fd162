import type { BodyOf, NfsRequest } from '@domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '@/lib/toast';
import { NfsRequestCorrectionSchema } from '@domain';
import { fieldErrorsOf } from '@/lib/api/errors';
import { useSchemaForm } from '@/lib/form';
import { correctRequest } from '@/features/invoices/api';
import { fiscalProfileQueries } from '@/features/invoices/nfse-api';
import { ServiceOptions } from '@/features/invoices/components/ServiceOptions';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { MonthField } from '@/components/ui/DateField';
import { Modal, ModalDescription, ModalTitle } from '@/components/ui/Modal';
import { MoneyField } from '@/components/ui/MoneyField';
import { SelectField } from '@/components/ui/SelectField';
import { TextAreaField } from '@/components/ui/TextAreaField';

/**
 * Corrects a request not yet sent — the service among the company's, the description, the value, the month — so the
 * team emits what the customer meant instead of refusing it. The history says what changed.
 */
export function CorrectionDialog({ request, open, onClose }: { request: NfsRequest; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} className="max-w-lg p-6" testId="correction-dialog">
      {/* Mounted while open only: each opening starts from the request as it is. */}
      {open && <CorrectionForm request={request} onClose={onClose} />}
    </Modal>
  );
}

/** The form's values: the value typed in centavos, sent in reais (`totalValue`). */
type CorrectionValues = {
  serviceCode: string;
  description: string;
  totalCents: number | undefined;
  competence: string;
};

function CorrectionForm({ request, onClose }: { request: NfsRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const services = useQuery(fiscalProfileQueries.detail(request.companyId)).data?.profile?.services ?? [];
  const main = services[0]?.code;
  const form = useSchemaForm<typeof NfsRequestCorrectionSchema, CorrectionValues>(
    NfsRequestCorrectionSchema,
    {
      serviceCode: request.serviceCode && request.serviceCode !== main ? request.serviceCode : '',
      description: request.description,
      totalCents: request.totalCents,
      competence: request.competence,
    },
    { errorKeys: { totalCents: 'totalValue' } },
  );
  const correct = useMutation({
    mutationFn: (body: BodyOf<'PATCH /nfs/requests/:id'>) => correctRequest(request.id, body),
    onSuccess: () => {
      toast.success('Solicitação corrigida.');
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      onClose();
    },
    onError: (error) => form.setErrors(fieldErrorsOf(error) ?? {}),
  });
  const generalError = correct.error && !fieldErrorsOf(correct.error);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const { totalCents, ...rest } = form.values;
    const body = { ...rest, totalValue: totalCents === undefined ? undefined : totalCents / 100 };
    // The server's own schema: what it would refuse is said here first.
    if (form.check(body)) correct.mutate(body);
  }

  return (
    <>
      <ModalTitle className="text-lg font-bold text-slate-900">Corrigir a solicitação</ModalTitle>
      <ModalDescription className="mt-1 text-sm text-slate-600">
        Ajuste o que o cliente pediu antes de emitir. O cliente vê a correção no histórico da nota.
      </ModalDescription>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {generalError && <Alert>{correct.error.message}</Alert>}
        {request.serviceItem && !request.serviceCode && (
          <p className="text-sm text-slate-600">O cliente informou o item {request.serviceItem} da lista de serviços.</p>
        )}
        <SelectField label="Serviço" {...form.text('serviceCode')}>
          {services.length === 0 && <option value="">Serviço principal do perfil fiscal</option>}
          <ServiceOptions services={services} />
        </SelectField>
        <TextAreaField label="Descrição do serviço" {...form.text('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyField label="Valor do serviço" {...form.money('totalCents')} />
          <MonthField label="Competência" {...form.masked('competence')} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose} disabled={correct.isPending}>
            Cancelar
          </Button>
          <Button type="submit" busy={correct.isPending}>
            Salvar correção
          </Button>
        </div>
      </form>
    </>
  );
}
