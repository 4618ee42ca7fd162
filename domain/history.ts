/**
 * One change of a status, as the history lists show it (a company's, an invoice request's): from where to where,
 * why, who made it (null when the system did), and when.
 */
export interface StatusChange<S extends string> {
  id: string;
  fromStatus: S | null;
  toStatus: S;
  note: string | null;
  changedBy: { id: string; name: string } | null;
  changedAt: string;
}
