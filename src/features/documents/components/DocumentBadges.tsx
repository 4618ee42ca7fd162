import type { CompanyDocument, DocumentStatus } from '@domain';
import { DOCUMENT_STATUS_LABEL, daysUntilDue, isDocumentOverdue, isGuide } from '@domain';
import type { BadgeTone } from '@/components/ui/Badge';
import { Badge } from '@/components/ui/Badge';

const TONE: Record<DocumentStatus, BadgeTone> = {
  pending: 'yellow',
  available: 'blue',
  viewed: 'gray',
  paid: 'green',
  archived: 'gray',
};

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return <Badge tone={TONE[status]}>{DOCUMENT_STATUS_LABEL[status]}</Badge>;
}

/** "Novo", the status, and for a guide still to pay how its due date stands ("Vencida", "Vence hoje", "Vence em 3 dias"). */
export function DocumentBadges({ document, today }: { document: CompanyDocument; today: string }) {
  const open = isGuide(document.type) && document.dueDate && !['paid', 'archived'].includes(document.status);
  const days = open ? daysUntilDue(document.dueDate!, today) : null;
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {document.isNew && <Badge tone="teal">Novo</Badge>}
      <DocumentStatusBadge status={document.status} />
      {isDocumentOverdue(document, today) ? (
        <Badge tone="red">Vencida</Badge>
      ) : days === 0 ? (
        <Badge tone="yellow">Vence hoje</Badge>
      ) : days !== null && days <= 7 ? (
        <Badge tone="yellow">{days === 1 ? 'Vence amanhã' : `Vence em ${days} dias`}</Badge>
      ) : null}
    </span>
  );
}
