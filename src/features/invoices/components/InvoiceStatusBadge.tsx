import type { NfsRequestStatus } from '@domain';
import { NFS_REQUEST_STATUS_LABEL } from '@domain';
import type { BadgeTone } from '@/components/ui/Badge';
import { Badge } from '@/components/ui/Badge';

const TONE: Record<NfsRequestStatus, BadgeTone> = {
  requested: 'blue',
  processing: 'yellow',
  issued: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

export function InvoiceStatusBadge({ status }: { status: NfsRequestStatus }) {
  return <Badge tone={TONE[status]}>{NFS_REQUEST_STATUS_LABEL[status]}</Badge>;
}
