/** A company's monthly invoice schedules: each makes its month's request by itself (nfs-scheduler.ts runs them). */
import type { NfsSchedule, NfsScheduleInput } from '@domain';
import { MAX_SCHEDULES_PER_COMPANY, NFS_MESSAGES } from '@domain';
import type { Database } from '../db/client';
import { listSchedules } from '../db/invoices';
import { hasRoomFor } from '../db/per-company-limit';
import { nfsSchedules } from '../db/schema';
import { unprocessable } from './errors';
import type { InvoiceFields } from './invoice-requests';

/**
 * POST /nfs/schedulers: a new schedule, its invoice fields already checked, within the company's limit, counted in the
 * transaction that inserts so that two at once cannot both take the last place. Answers it as the list shows it.
 */
export async function createSchedule(
  { db }: { db: Database },
  {
    companyId,
    fields,
    input: { dayOfMonth, active, autoEmit },
    actor,
  }: {
    companyId: string;
    fields: InvoiceFields;
    input: Pick<NfsScheduleInput, 'dayOfMonth' | 'active' | 'autoEmit'>;
    actor: string;
  },
): Promise<NfsSchedule & { companyName: string | null }> {
  const row = await db.transaction(async (tx) => {
    if (!(await hasRoomFor(tx, nfsSchedules, nfsSchedules.companyId, companyId, MAX_SCHEDULES_PER_COMPANY))) {
      throw unprocessable(NFS_MESSAGES.tooManySchedules);
    }
    const [inserted] = await tx
      .insert(nfsSchedules)
      .values({ companyId, ...fields, dayOfMonth, active, autoEmit, createdBy: actor })
      .returning({ id: nfsSchedules.id });
    return inserted;
  });
  const [schedule] = (await listSchedules(db, { id: row.id })).data;
  return schedule;
}
