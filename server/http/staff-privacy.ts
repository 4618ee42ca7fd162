import type { Claims, CompanyDocument, StatusChange } from '@domain';
import { TEAM_DISPLAY_NAME, isSystemAdmin } from '@domain';

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

/** A document as the caller may see it: what the team published says so, without the member's account. */
export function documentFor(claims: Claims, document: CompanyDocument): CompanyDocument {
  if (seesStaff(claims) || !document.publishedByTeam) return document;
  // The team's uploads are always published by the same member, so the uploader is the team too.
  return { ...document, publishedBy: null, uploadedBy: null };
}
