import type { CompanyStatus, StatusSubject } from '@domain';

/**
 * The company status lifecycle of docs/machines.md written out, as the tests' oracle: where each status may go, for a
 * company on each track (or none), with or without a CNPJ — never read from the domain's table or `canChangeStatus`.
 */
export function lifecycleMoves({ status, trackId, cnpj, previousStatus }: StatusSubject): CompanyStatus[] {
  const table: Record<CompanyStatus, CompanyStatus[]> = {
    pending: [
      ...(trackId === 'create-company' ? (['awaiting_opening'] as const) : []),
      ...(trackId === 'migrate-company' ? (['migrating'] as const) : []),
      'disabled',
    ],
    awaiting_opening: ['opening', 'disabled'],
    opening: [...(cnpj ? (['active'] as const) : []), 'disabled'],
    migrating: ['active', 'disabled'],
    active: ['overdue', 'disabled'],
    overdue: ['active', 'disabled'],
    disabled: previousStatus ? [previousStatus] : [],
  };
  return table[status];
}
