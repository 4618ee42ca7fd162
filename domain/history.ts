/**
 * How a customer sees a change the accounting team made: the team, never the member's account (an id lets a token be
 * forged wherever the Auth emulator is trusted, and is nobody's business elsewhere).
 */
export const TEAM_DISPLAY_NAME = 'Equipe contábil';

/**
 * Who made a change: the team sees the person's account and name; a customer sees a name only — the team's
 * ("Equipe contábil") for a change the team made.
 */
export interface ChangedBy {
  /** Only in the team's answers. */
  id?: string;
  name: string;
  /** Made by the accounting team. */
  team: boolean;
}

/**
 * One change of a status, as the history lists show it (a company's, an invoice request's): from where to where,
 * why, who made it (null when the system did), and when.
 */
export interface StatusChange<S extends string> {
  id: string;
  fromStatus: S | null;
  toStatus: S;
  note: string | null;
  changedBy: ChangedBy | null;
  changedAt: string;
}
