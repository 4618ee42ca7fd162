import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from '@/lib/toast';
import type { FieldErrors } from '@domain';
import { validate } from '@domain';
import type { CancellationReasonCode } from '@domain/nfseEmission';
import {
  CANCELLATION_REASON_CODES,
  CANCELLATION_REASON_MAX,
  CANCELLATION_REASON_MIN,
  CancellationSchema,
  DEFAULT_CANCELLATION_REASON_CODE,
} from '@domain/nfseEmission';
import { ApiError } from '@/lib/api/errors';
import { cancelNationalInvoice } from '@/features/invoices/nfse-api';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { Modal, ModalDescription, ModalTitle } from '@/components/ui/Modal';
import { SelectField } from '@/components/ui/SelectField';
import { TextAreaField } from '@/components/ui/TextAreaField';

/** Cancels an issued national NFS-e: the cancellation event goes to the national system with the team's reason. */
export function NationalCancelDialog({
  requestId,
  invoiceNumber,
  open,
  onClose,
}: {
  requestId: string;
  invoiceNumber: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [reasonCode, setReasonCode] = useState<CancellationReasonCode>(DEFAULT_CANCELLATION_REASON_CODE);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const cancel = useMutation({
    mutationFn: (body: { reason: string; reasonCode: CancellationReasonCode }) => cancelNationalInvoice(requestId, body),
    onSuccess: () => {
      toast.success(`NFS-e nº ${invoiceNumber ?? ''} cancelada no Sistema Nacional.`);
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      setReason('');
      setErrors({});
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
    },
  });
  const generalError = cancel.error && !(cancel.error instanceof ApiError && Object.keys(cancel.error.fields).length);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The server's own schema: what it would refuse is said here, in its words, before anything is sent.
    const checked = validate(CancellationSchema, { reason, reasonCode });
    if (!checked.ok) return setErrors(checked.fields);
    cancel.mutate(checked.value);
  }

  return (
    <Modal open={open} onClose={() => !cancel.isPending && onClose()} className="max-w-lg p-6">
      <ModalTitle className="text-lg font-bold text-slate-900">Cancelar a NFS-e nº {invoiceNumber}</ModalTitle>
      <ModalDescription className="mt-1 text-sm text-slate-600">
        O pedido de cancelamento vai ao Sistema Nacional assinado com o certificado da empresa. O cliente vê o motivo.
      </ModalDescription>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        {generalError && <Alert>{cancel.error.message}</Alert>}
        <SelectField
          label="Motivo do cancelamento"
          value={reasonCode}
          error={errors.reasonCode}
          onChange={(e) => setReasonCode(e.target.value as CancellationReasonCode)}
        >
          {Object.entries(CANCELLATION_REASON_CODES).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Explique o motivo (o cliente vê)"
          value={reason}
          maxLength={CANCELLATION_REASON_MAX}
          error={errors.reason}
          hint={`De ${CANCELLATION_REASON_MIN} a ${CANCELLATION_REASON_MAX} caracteres (${reason.trim().length}/${CANCELLATION_REASON_MAX}).`}
          onChange={(e) => {
            setReason(e.target.value);
            setErrors(({ reason: _reason, ...rest }) => rest);
          }}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={cancel.isPending}>
            Voltar
          </Button>
          <Button type="submit" variant="danger" busy={cancel.isPending}>
            Cancelar NFS-e
          </Button>
        </div>
      </form>
    </Modal>
  );
}
