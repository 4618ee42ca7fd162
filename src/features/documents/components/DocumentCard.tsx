import { ArrowDownTrayIcon, DocumentTextIcon } from '@heroicons/react/24/outline';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from '@/lib/toast';
import type { CompanyDocument, DocumentActor, DocumentStatus } from '@domain';
import { DOCUMENT_TYPE_LABEL, formatBytes, formatMoney, isDocumentOverdue, isGuide, nextDocumentStatuses } from '@domain';
import { changeDocumentStatus, deleteDocument, downloadThroughLink } from '../api';
import { formatDate } from '@/lib/format';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { DocumentBadges } from './DocumentBadges';

const formatCompetence = (competence: string) => `${competence.slice(5, 7)}/${competence.slice(0, 4)}`;
const formatDay = (day: string) => day.split('-').reverse().join('/');

const STATUS_DONE: Partial<Record<DocumentStatus, string>> = {
  paid: 'Guia marcada como paga.',
  viewed: 'Pagamento desfeito.',
  archived: 'Documento arquivado.',
  available: 'Documento de volta à lista.',
};

/** May this person delete it? The same rule as the server's: their own upload, not the team's, not a wizard's file. */
export function mayDelete(document: CompanyDocument, uid: string | null, actor: DocumentActor): boolean {
  if (document.stepId) return false;
  return actor === 'team' || (!document.publishedByTeam && document.uploadedBy === uid);
}

/** One document of the company: what it is, where it stands, and what can be done with it. */
export function DocumentCard({
  document,
  today,
  uid,
  actor = 'customer',
}: {
  document: CompanyDocument;
  today: string;
  uid: string | null;
  actor?: DocumentActor;
}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['documents'] });
  const allowed = nextDocumentStatuses(document, actor);
  const overdue = isDocumentOverdue(document, today);

  const download = useMutation({
    mutationFn: () => downloadThroughLink(document),
    // Downloading what the team published marks it viewed.
    onSuccess: () => (document.isNew || document.status === 'available' ? refresh() : undefined),
    onError: (e) => toast.error(e.message),
  });
  const status = useMutation({
    mutationFn: (to: DocumentStatus) => changeDocumentStatus(document, to),
    onSuccess: (_, to) => {
      toast.success(STATUS_DONE[to] ?? 'Situação atualizada.');
      void refresh();
    },
    onError: (e) => toast.error(e.message),
  });
  const remove = useMutation({
    mutationFn: () => deleteDocument(document),
    onSuccess: () => {
      toast.success('Documento excluído.');
      void refresh();
    },
    onError: (e) => toast.error(e.message),
  });

  return (
    <li
      data-testid="document-card"
      className={`flex flex-col gap-3 rounded-xl border bg-white p-4 sm:flex-row sm:items-start ${
        overdue ? 'border-red-300 bg-red-50/40' : document.isNew ? 'border-brand-300' : 'border-slate-200'
      }`}
    >
      <DocumentTextIcon className="hidden size-8 shrink-0 text-slate-400 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 truncate text-sm font-semibold text-slate-900" title={document.name}>
            {document.name}
          </p>
          <DocumentBadges document={document} today={today} />
        </div>
        <p className="text-xs text-slate-500">
          {DOCUMENT_TYPE_LABEL[document.type]}
          {document.competence && ` · competência ${formatCompetence(document.competence)}`} · {formatBytes(document.size)} ·{' '}
          {document.publishedByTeam ? 'publicado pela equipe' : 'enviado'} em {formatDate(document.createdAt)}
        </p>
        {isGuide(document.type) && (document.dueDate || document.amountCents !== null) && (
          <p className={`text-sm ${overdue ? 'font-semibold text-red-700' : 'text-slate-700'}`}>
            {document.dueDate && <>Vencimento {formatDay(document.dueDate)}</>}
            {document.dueDate && document.amountCents !== null && ' · '}
            {document.amountCents !== null && <>Valor {formatMoney(document.amountCents)}</>}
          </p>
        )}
        {document.description && <p className="text-sm text-slate-600">{document.description}</p>}
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button
          variant="secondary"
          busy={download.isPending}
          onClick={() => download.mutate()}
          aria-label={`Baixar ${document.name}`}
        >
          <ArrowDownTrayIcon className="size-4" aria-hidden="true" /> Baixar
        </Button>
        {allowed.includes('paid') && (
          <Button busy={status.isPending && status.variables === 'paid'} onClick={() => status.mutate('paid')}>
            Marcar como paga
          </Button>
        )}
        {document.status === 'paid' && allowed.includes('viewed') && (
          <Button variant="ghost" disabled={status.isPending} onClick={() => status.mutate('viewed')}>
            Desfazer pagamento
          </Button>
        )}
        {allowed.includes('archived') && (
          <Button variant="ghost" disabled={status.isPending} onClick={() => status.mutate('archived')}>
            Arquivar
          </Button>
        )}
        {document.status === 'archived' && allowed.includes('available') && (
          <Button variant="ghost" disabled={status.isPending} onClick={() => status.mutate('available')}>
            Desarquivar
          </Button>
        )}
        {mayDelete(document, uid, actor) && (
          <ConfirmButton
            variant="danger"
            busy={remove.isPending}
            title="Excluir documento?"
            description={`“${document.name}” será excluído de vez, com o arquivo. Isso não pode ser desfeito.`}
            confirmLabel="Excluir documento"
            onConfirm={() => remove.mutate()}
            aria-label={`Excluir ${document.name}`}
          >
            Excluir
          </ConfirmButton>
        )}
      </div>
    </li>
  );
}
