import { ArrowDownTrayIcon } from '@heroicons/react/20/solid';
import { useQuery } from '@tanstack/react-query';
import toast from '@/lib/toast';
import { formatMoney, stepPayload } from '@domain';
import { onboardingQueries } from '../../api';
import { downloadDocument } from '../../documents';
import { Button } from '@/components/ui/Button';
import { formatDate } from '@/lib/format';
import { FileUpload } from '../FileUpload';
import { StepCard } from '../StepCard';
import { useStepForm, useWizardContext } from '../wizard-context';

/** The guide to pay, and the upload of its paid receipt. */
export function UploadGuideReceipt() {
  const companyId = useWizardContext((c) => c.company!.id);
  const guide = useWizardContext((c) => stepPayload(c.track, 'create-company', 'awaiting-guide'));
  const documents = useQuery(onboardingQueries.documents(companyId));
  const guideDocument = documents.data?.data.find((d) => d.id === guide?.documentId);
  const defaults: { documentId?: string; fileName?: string } = {};
  const { values, replace, error } = useStepForm('upload-guide-receipt', defaults);

  return (
    <StepCard
      title="Pague a guia e envie o comprovante"
      description="A guia é a taxa de registro da Junta Comercial. Depois de pagar, envie o comprovante aqui."
      submitLabel="Enviar comprovante"
    >
      <div className="rounded-lg bg-slate-50 p-4 text-sm">
        <p className="font-semibold text-slate-900">Guia de registro</p>
        <dl className="mt-2 grid gap-2 sm:grid-cols-2">
          {guide?.amountCents !== undefined && (
            <div>
              <dt className="text-slate-500">Valor</dt>
              <dd className="font-medium text-slate-900">{formatMoney(guide.amountCents)}</dd>
            </div>
          )}
          {guide?.dueDate && (
            <div>
              <dt className="text-slate-500">Vencimento</dt>
              <dd className="font-medium text-slate-900">{formatDate(`${guide.dueDate}T12:00:00Z`)}</dd>
            </div>
          )}
        </dl>
        {guide?.instructions && <p className="mt-2 text-slate-700">{guide.instructions}</p>}
        {guideDocument && (
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => downloadDocument({ ...guideDocument, companyId }).catch((e: Error) => toast.error(e.message))}
          >
            <ArrowDownTrayIcon className="size-4" aria-hidden="true" /> Baixar a guia ({guideDocument.name})
          </Button>
        )}
      </div>
      <FileUpload
        label="Comprovante de pagamento"
        companyId={companyId}
        type="comprovante_pagamento"
        stepId="upload-guide-receipt"
        value={values.documentId ? { documentId: values.documentId, fileName: values.fileName } : undefined}
        onUploaded={(document) => replace({ documentId: document.id, fileName: document.name })}
        error={error('documentId')}
      />
    </StepCard>
  );
}
