import type { CompanyStatus, ProgressStatus, SubscriptionStatus } from '@domain';
import { COMPANY_STATUS_LABEL, PROGRESS_LABEL, SUBSCRIPTION_STATUS_LABEL } from '@domain';
import type { BadgeTone } from './ui/Badge';
import { Badge } from './ui/Badge';

const COMPANY_TONE: Record<CompanyStatus, BadgeTone> = {
  pending: 'gray',
  awaiting_opening: 'blue',
  migrating: 'blue',
  opening: 'teal',
  active: 'green',
  overdue: 'yellow',
  disabled: 'red',
};

const PROGRESS_TONE: Record<ProgressStatus, BadgeTone> = { pending: 'gray', in_progress: 'blue', done: 'green' };
const SUBSCRIPTION_TONE: Record<SubscriptionStatus, BadgeTone> = {
  pending: 'gray',
  active: 'green',
  overdue: 'yellow',
  cancelled: 'red',
};

export function CompanyStatusBadge({ status }: { status: CompanyStatus }) {
  return <Badge tone={COMPANY_TONE[status]}>{COMPANY_STATUS_LABEL[status]}</Badge>;
}

export function ProgressBadge({ status }: { status: ProgressStatus }) {
  return <Badge tone={PROGRESS_TONE[status]}>{PROGRESS_LABEL[status]}</Badge>;
}

export function SubscriptionBadge({ status }: { status: SubscriptionStatus }) {
  return <Badge tone={SUBSCRIPTION_TONE[status]}>{SUBSCRIPTION_STATUS_LABEL[status]}</Badge>;
}
