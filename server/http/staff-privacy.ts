import type { Claims, CompanyDocument, StatusChange } from '@domain';
import { TEAM_DISPLAY_NAME, isSystemAdmin } from '@domain';
import type { DbExecutor } from '../db/executor';
import { teamAccountsAmong } from '../db/users';

/**
 * No account id of the accounting team leaves the team. Where the Auth emulator is trusted an id is enough to forge a
 * token as that person; elsewhere it is still nobody's business. The team's own answers keep them (its pages name
 * who did what); a customer's say "Equipe contábil". `tests/server/staff-ids.test.ts` walks every answer a customer
 * can get for a team member's id.
 */
export function seesStaff(claims: Claims | null | undefined): boolean {
  return isSystemAdmin(claims);
}

/** A status history as the caller may see it: ids only for the team; the team's changes under its name. */
export function historyFor<S extends string>(claims: Claims, changes: StatusChange<S>[]): StatusChange<S>[] {
  if (seesStaff(claims)) return changes;
  return changes.map((change) => ({
    ...change,
    changedBy: change.changedBy && {
      name: change.changedBy.team ? TEAM_DISPLAY_NAME : change.changedBy.name,
      team: change.changedBy.team,
    },
  }));
}

/**
 * Documents as the caller may see them: a team member's account is hidden by who the uploader and the publisher are
 * (their role in the database), not by whether the writer remembered to mark the document published; what the team
 * published says so with `publishedByTeam`.
 */
export async function documentsFor(db: DbExecutor, claims: Claims, documents: CompanyDocument[]): Promise<CompanyDocument[]> {
  if (seesStaff(claims)) return documents;
  const team = await teamAccountsAmong(
    db,
    documents.flatMap((document) => [document.uploadedBy, document.publishedBy]),
  );
  const hidden = (id: string | null) => (id !== null && team.has(id) ? null : id);
  return documents.map((document) =>
    document.publishedByTeam
      ? // The team's uploads are always published by the same member, so the uploader is the team too.
        { ...document, publishedBy: null, uploadedBy: null }
      : { ...document, publishedBy: hidden(document.publishedBy), uploadedBy: hidden(document.uploadedBy) },
  );
}

export async function documentFor(db: DbExecutor, claims: Claims, document: CompanyDocument): Promise<CompanyDocument> {
  return (await documentsFor(db, claims, [document]))[0];
}

/** A year of obligations as the caller may see it: who recorded a payment is a team member, named to the team only. */
export function obligationsFor<T extends { obligations: { payment: { paidBy: string | null } | null }[] }>(
  claims: Claims,
  answer: T,
): T {
  if (seesStaff(claims)) return answer;
  return {
    ...answer,
    obligations: answer.obligations.map((obligation) =>
      obligation.payment ? { ...obligation, payment: { ...obligation.payment, paidBy: null } } : obligation,
    ),
  };
}
