import { NOT_FOUND_MESSAGES } from '@domain';
import { companyExists } from '../db/companies';
import type { DbExecutor } from '../db/executor';
import { notFound } from './errors';

/** A company the team names must exist before anything is written under it: 404 otherwise. */
export async function assertCompanyExists(db: DbExecutor, companyId: string): Promise<void> {
  if (!(await companyExists(db, companyId))) throw notFound(NOT_FOUND_MESSAGES.company);
}
