import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from '@/lib/toast';
import type { AwaitingGuide, FieldErrors } from '@domain';
import { AwaitingGuideSchema, validate } from '@domain';
import { ApiError } from '@/lib/api/errors';
import { companyQueries } from '@/lib/api/companies';
import { submitStep } from '@/features/onboarding/api';
import { FileUpload } from '@/features/onboarding/components/FileUpload';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { DateField } from '@/components/ui/DateField';
import { MoneyField } from '@/components/ui/MoneyField';
import { TextField } from '@/components/ui/TextField';

/** The team's part of an opening: the registration-fee guide for the customer to pay. */
export function AttachGuide({ companyId }: { companyId: string }) {
  const queryClient = useQueryClient();
  const [documentId, setDocumentId] = useState<string>();
  const [fileName, setFileName] = useState<string>();
  const [dueDate, setDueDate] = useState('');
  const [amountCents, setAmountCents] = useState<number>();
  const [instructions, setInstructions] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const attach = useMutation({
    mutationFn: (guide: AwaitingGuide) => submitStep(companyId, 'awaiting-guide', guide),
    onSuccess: () => {
      toast.success('Guia enviada ao cliente.');
      // The lists too (status, CNPJ, queues), not only this company's page.
      void queryClient.invalidateQueries({ queryKey: companyQueries.all() });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['documents', companyId] });
    },
    onError: (error) => error instanceof ApiError && setErrors(error.fields),
  });

  return (
    <Card className="border-amber-300 bg-amber-50/40">
      <h2 className="text-base font-semibold text-slate-900">Anexar a guia de registro</h2>
      <p className="mt-1 text-sm text-slate-600">O cliente está esperando a guia da taxa da Junta Comercial para pagar.</p>
      <form
        className="mt-4 space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          const result = validate(AwaitingGuideSchema, { documentId, dueDate: dueDate || undefined, amountCents, instructions });
          if (!result.ok) return setErrors(result.fields);
          setErrors({});
          attach.mutate(result.value);
        }}
      >
        <FileUpload
          label="Guia (PDF)"
          companyId={companyId}
          type="guia_taxa"
          stepId="awaiting-guide"
          value={documentId ? { documentId, fileName } : undefined}
          onUploaded={(document) => {
            setDocumentId(document.id);
            setFileName(document.name);
          }}
          error={errors.documentId}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <DateField label="Vencimento" value={dueDate} onValueChange={setDueDate} error={errors.dueDate} />
          <MoneyField label="Valor (R$)" cents={amountCents} onCentsChange={setAmountCents} error={errors.amountCents} />
        </div>
        <TextField
          label="Instruções ao cliente (opcional)"
          value={instructions}
          onChange={(e) => setInstructions(e.target.value)}
          error={errors.instructions}
        />
        {attach.error && !Object.keys(errors).length && (
          <p className="text-sm font-medium text-red-600">{attach.error.message}</p>
        )}
        <Button type="submit" busy={attach.isPending}>
          Enviar guia ao cliente
        </Button>
      </form>
    </Card>
  );
}
