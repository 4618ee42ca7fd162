import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from '@/lib/toast';
import type { NfsRequest } from '@domain';
import type { SubstitutionReasonCode } from '@domain/nfseEmission';
import {
  CANCELLATION_REASON_MAX,
  CANCELLATION_REASON_MIN,
  SUBSTITUTION_MESSAGES,
  SUBSTITUTION_REASON_CODES,
  SubstitutionSchema,
  substitutionKeepsValue,
} from '@domain/nfseEmission';
import { fieldErrorsOf } from '@/lib/api/errors';
import { useSchemaForm } from '@/lib/form';
import { fiscalProfileQueries, substituteNationalInvoice } from '@/features/invoices/nfse-api';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { Modal, ModalDescription, ModalTitle } from '@/components/ui/Modal';
import { MoneyField } from '@/components/ui/MoneyField';
import { SelectField } from '@/components/ui/SelectField';
import { TextAreaField } from '@/components/ui/TextAreaField';
import { TextField } from '@/components/ui/TextField';

/**
 * Substitutes an issued national NFS-e with a corrected one: the fields the team may correct come prefilled with the
 * issued invoice's, the value locked where E0060 keeps it (ME/EPP and MEI). The new DPS names the old key; the national
 * system cancels the old NFS-e itself when it issues the new one.
 */
export function SubstitutionDialog({ request, open, onClose }: { request: NfsRequest; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} className="max-w-lg p-6" testId="substitution-dialog">
      {/* Mounted while open only: each opening starts from the invoice as issued. */}
      {open && <SubstitutionForm request={request} onClose={onClose} />}
    </Modal>
  );
}

/** The form's values, as the substitution schema reads them. */
type SubstitutionValues = {
  reasonCode: SubstitutionReasonCode;
  reason: string;
  description: string;
  totalCents: number | undefined;
  customerName: string;
  customerEmail: string;
};

function SubstitutionForm({ request, onClose }: { request: NfsRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const profile = useQuery(fiscalProfileQueries.detail(request.companyId));
  const regime = profile.data?.profile?.taxRegime;
  const valueLocked = regime === undefined || substitutionKeepsValue(regime);
  const form = useSchemaForm<typeof SubstitutionSchema, SubstitutionValues>(SubstitutionSchema, {
    reasonCode: '99',
    reason: '',
    description: request.description,
    totalCents: request.totalCents,
    customerName: request.customerName,
    customerEmail: request.customerEmail ?? '',
  });
  const { reasonCode, reason } = form.values;
  const substitute = useMutation({
    mutationFn: (body: Parameters<typeof substituteNationalInvoice>[1]) => substituteNationalInvoice(request.id, body),
    onSuccess: ({ substitute: fresh }) => {
      toast.success(
        fresh.status === 'issued'
          ? `NFS-e nº ${request.invoiceNumber ?? ''} substituída pela nº ${fresh.invoiceNumber ?? ''}.`
          : 'Substituição enviada: o Sistema Nacional ainda não respondeu. A nova nota aparece aqui quando ele responder.',
      );
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      onClose();
    },
    onError: (error) => form.setErrors(fieldErrorsOf(error) ?? {}),
  });
  const generalError = substitute.error && !fieldErrorsOf(substitute.error);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const { totalCents, ...rest } = form.values;
    // The server's own schema: what it would refuse is said here, in its words, before anything is sent.
    const checked = form.check({ ...rest, ...(valueLocked ? {} : { totalCents }) });
    if (checked) substitute.mutate(checked);
  }

  return (
    <>
      <ModalTitle className="text-lg font-bold text-slate-900">Substituir a NFS-e nº {request.invoiceNumber}</ModalTitle>
      <ModalDescription className="mt-1 text-sm text-slate-600">
        Uma nova NFS-e, com as correções, vai ao Sistema Nacional no lugar desta, que fica cancelada por substituição. O cliente
        vê as duas notas e o motivo.
      </ModalDescription>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {generalError && <Alert>{substitute.error.message}</Alert>}
        <SelectField
          label="Motivo da substituição"
          value={reasonCode}
          error={form.errors.reasonCode}
          onChange={(e) => {
            form.set('reasonCode')(e.target.value as SubstitutionReasonCode);
            // Whether an explanation is required follows the reason: its message goes with the change.
            form.setErrors(({ reason: _gone, ...rest }) => rest);
          }}
        >
          {Object.entries(SUBSTITUTION_REASON_CODES).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={reasonCode === '99' ? 'Explique o motivo (o cliente vê)' : 'Explique o motivo (opcional; o cliente vê)'}
          {...form.text('reason')}
          maxLength={CANCELLATION_REASON_MAX}
          required={reasonCode === '99'}
          hint={`De ${CANCELLATION_REASON_MIN} a ${CANCELLATION_REASON_MAX} caracteres (${reason.trim().length}/${CANCELLATION_REASON_MAX}).`}
        />
        <TextAreaField label="Descrição do serviço" {...form.text('description')} />
        <MoneyField
          label="Valor do serviço"
          {...form.money('totalCents')}
          disabled={valueLocked}
          hint={valueLocked && regime !== undefined ? SUBSTITUTION_MESSAGES.valueLocked : undefined}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Nome do tomador" {...form.text('customerName')} autoComplete="off" />
          <TextField label="E-mail do tomador" type="email" {...form.text('customerEmail')} autoComplete="off" />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={substitute.isPending}>
            Voltar
          </Button>
          <Button type="submit" busy={substitute.isPending}>
            Substituir NFS-e
          </Button>
        </div>
      </form>
    </>
  );
}
