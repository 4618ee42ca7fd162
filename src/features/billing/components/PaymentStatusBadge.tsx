import type { Payment, PaymentDisplayStatus } from '@domain';
import { PAYMENT_STATUS_LABEL, displayStatusOf } from '@domain';
import type { BadgeTone } from '@/components/ui/Badge';
import { Badge } from '@/components/ui/Badge';

const TONE: Record<PaymentDisplayStatus, BadgeTone> = {
  pending: 'yellow',
  overdue: 'red',
  paid: 'green',
  failed: 'red',
  cancelled: 'gray',
};

export function PaymentStatusBadge({ payment }: { payment: Pick<Payment, 'status' | 'overdue'> }) {
  const status = displayStatusOf(payment);
  return <Badge tone={TONE[status]}>{PAYMENT_STATUS_LABEL[status]}</Badge>;
}
