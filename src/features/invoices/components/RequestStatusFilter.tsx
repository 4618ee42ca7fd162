import type { NfsRequestStatus } from '@domain';
import { NFS_REQUEST_STATUSES, NFS_REQUEST_STATUS_LABEL } from '@domain';
import { filterControlClass } from '@/components/ui/Field';

/**
 * The filter of invoice requests by status, for the customer's list and the team's queue: every status by its label,
 * after a first choice of the list's own (all of them, or those still open).
 */
export function RequestStatusFilter<TFirst extends string>({
  first,
  value,
  onChange,
}: {
  first: { value: TFirst; label: string };
  value: NfsRequestStatus | TFirst;
  onChange: (value: NfsRequestStatus | TFirst) => void;
}) {
  return (
    <select
      aria-label="Situação"
      className={filterControlClass}
      value={value}
      onChange={(e) => onChange(e.target.value as NfsRequestStatus | TFirst)}
    >
      <option value={first.value}>{first.label}</option>
      {NFS_REQUEST_STATUSES.map((status) => (
        <option key={status} value={status}>
          {NFS_REQUEST_STATUS_LABEL[status]}
        </option>
      ))}
    </select>
  );
}
