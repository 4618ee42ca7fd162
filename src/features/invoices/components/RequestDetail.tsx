import { ArrowDownTrayIcon } from '@heroicons/react/20/solid';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import toast from '@/lib/toast';
import {
  NFS_REQUEST_STATUS_LABEL,
  canDeleteNfsRequest,
  formatCnaeCode,
  formatMoney,
  formatTakerAddress,
  formatTakerDocument,
} from '@domain';
import { deleteRequest, invoiceQueries } from '../api';
import { downloadDocument } from '@/features/onboarding/documents';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { Button } from '@/components/ui/Button';
import { Alert } from '@/components/ui/Card';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { PageSpinner } from '@/components/ui/Spinner';
import { formatDateTime } from '@/lib/format';
import { formatAccessKey } from '@domain/nfseEmission';
import { formatNationalServiceCode } from '@domain/fiscalProfile';

import { formatCompetence } from '../format';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 py-1.5 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
      <dt className="text-slate-500">{label}</dt>
      {/* A long e-mail wraps instead of running out of a phone's screen. */}
      <dd className="text-slate-800 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** Opens the other side of a substitution in the same drawer (the list's `request` search parameter). */
function OtherRequest({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <Link
      to="."
      search={(previous: Record<string, unknown>) => ({ ...previous, request: id })}
      className="font-medium text-brand-700 underline hover:text-brand-800"
    >
      {children}
    </Link>
  );
}

/** One request: what was asked, where it stands, the invoice's files once issued, and its history. */
export function RequestDetail({ id, onDeleted, actions }: { id: string; onDeleted?: () => void; actions?: React.ReactNode }) {
  const queryClient = useQueryClient();
  const { data: request, isPending, error } = useQuery(invoiceQueries.request(id));
  const remove = useMutation({
    mutationFn: deleteRequest,
    onSuccess: () => {
      toast.success('Solicitação excluída.');
      void queryClient.invalidateQueries({ queryKey: ['invoices'] });
      onDeleted?.();
    },
    onError: (e) => toast.error(e.message),
  });
  if (isPending) return <PageSpinner />;
  if (error) return <Alert>{error.message}</Alert>;

  const takerDocument = formatTakerDocument(request);
  const substitutes = request.emission?.substitutes;
  const substitutedBy = request.emission?.substitutedBy;
  const download = (documentId: string, name: string) =>
    downloadDocument({ id: documentId, companyId: request.companyId, name }).catch((e: Error) => toast.error(e.message));

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between">
        <InvoiceStatusBadge status={request.status} />
        <span className="text-lg font-bold text-slate-900">{formatMoney(request.totalCents)}</span>
      </div>
      {request.reason && (
        <Alert tone={request.status === 'rejected' ? 'error' : 'info'}>
          {request.status === 'rejected' ? 'Motivo da recusa: ' : 'Motivo: '}
          {request.reason}
        </Alert>
      )}
      {substitutedBy && (
        <section
          className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
          data-testid="substituted-by"
        >
          <p className="font-semibold">
            Nota nº {request.invoiceNumber} —{' '}
            {substitutedBy.nfseNumber ? `Substituída por nº ${substitutedBy.nfseNumber}` : 'Substituição em andamento'}
          </p>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
            <OtherRequest id={substitutedBy.requestId}>Ver a nota que a substitui</OtherRequest>
            {request.pdfDocumentId && (
              <button
                type="button"
                className="font-medium text-brand-700 underline hover:text-brand-800"
                onClick={() => download(request.pdfDocumentId!, `NFS-e ${request.invoiceNumber} (substituída).pdf`)}
              >
                PDF com a tarja SUBSTITUÍDA
              </button>
            )}
          </div>
        </section>
      )}
      {request.status === 'issued' && (
        <section className="rounded-lg border border-emerald-200 bg-emerald-50 p-4">
          <p className="font-semibold text-emerald-900">Nota nº {request.invoiceNumber}</p>
          {substitutes && (
            <p className="mt-1 text-sm text-emerald-900" data-testid="substitutes">
              Substitui nº {substitutes.nfseNumber} ·{' '}
              <OtherRequest id={substitutes.requestId}>ver a nota substituída</OtherRequest>
            </p>
          )}
          {request.accessKey && (
            <p className="mt-1 text-xs text-emerald-900">
              <span className="font-medium">Chave de acesso: </span>
              <span className="font-mono">{formatAccessKey(request.accessKey)}</span>
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            {request.pdfDocumentId && (
              <Button variant="secondary" onClick={() => download(request.pdfDocumentId!, `NFS-e ${request.invoiceNumber}.pdf`)}>
                <ArrowDownTrayIcon className="size-4" aria-hidden="true" /> PDF
              </Button>
            )}
            {request.xmlDocumentId && (
              <Button variant="secondary" onClick={() => download(request.xmlDocumentId!, `NFS-e ${request.invoiceNumber}.xml`)}>
                <ArrowDownTrayIcon className="size-4" aria-hidden="true" /> XML
              </Button>
            )}
          </div>
        </section>
      )}
      <dl className="divide-y divide-slate-100">
        <Row label="Tomador">
          <bdi>{request.customerName}</bdi>
        </Row>
        {request.emissionType === 'foreign' && <Row label="Local">Tomador no exterior</Row>}
        <Row label={takerDocument.label}>{takerDocument.value}</Row>
        {request.customerAddress && (
          <Row label="Endereço">
            {formatTakerAddress(request.customerAddress).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </Row>
        )}
        {request.customerEmail && <Row label="E-mail">{request.customerEmail}</Row>}
        <Row label="Competência">{formatCompetence(request.competence)}</Row>
        <Row label="Descrição">
          <span className="whitespace-pre-line">{request.description}</span>
        </Row>
        {request.activity && <Row label="Atividade">{formatCnaeCode(request.activity)}</Row>}
        {request.serviceCode && <Row label="Serviço">{formatNationalServiceCode(request.serviceCode)}</Row>}
        {request.serviceItem && !request.serviceCode && <Row label="Item de serviço">{request.serviceItem}</Row>}
        <Row label="ISS retido">{request.issWithheld ? 'Sim' : 'Não'}</Row>
        {request.scheduleId && <Row label="Origem">Agendamento mensal</Row>}
      </dl>
      {actions}
      <section>
        <h3 className="text-sm font-semibold text-slate-900">Histórico</h3>
        <ol className="mt-2 space-y-2">
          {request.history.map((change) => (
            <li key={change.id} className="text-sm">
              <span className="font-medium text-slate-900">{NFS_REQUEST_STATUS_LABEL[change.toStatus]}</span>
              <span className="text-slate-500">
                {' '}
                · {formatDateTime(change.changedAt)}
                {change.changedBy ? ` · ${change.changedBy.name}` : ''}
              </span>
              {change.note && <span className="block text-slate-600">{change.note}</span>}
            </li>
          ))}
        </ol>
      </section>
      {onDeleted && canDeleteNfsRequest(request.status) && (
        <ConfirmButton
          variant="danger"
          busy={remove.isPending}
          title="Excluir esta solicitação?"
          description="A equipe não vai emitir esta nota. Você pode pedir uma nova quando quiser."
          confirmLabel="Excluir"
          onConfirm={() => remove.mutate(request)}
        >
          Excluir solicitação
        </ConfirmButton>
      )}
    </div>
  );
}
