import { RequestDetail } from '@/features/invoices/components/RequestDetail';
import { RequestActions } from './RequestActions';

/** A request with the team's actions, in the queue's drawer: loaded when a request is opened, not with the queue. */
export function RequestPanel({ id }: { id: string }) {
  return <RequestDetail id={id} actions={<RequestActions id={id} />} />;
}
