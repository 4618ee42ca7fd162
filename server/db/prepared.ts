/**
 * Statements built once per database and kind, then run with placeholders: the hot lists skip Drizzle's query building
 * on every request (~0.3 ms of a request's ~1.4 ms outside the database), and on PostgreSQL the server keeps the
 * statement parsed and planned per connection (named prepared statements).
 */
const prepared = new WeakMap<object, Map<string, unknown>>();

export function preparedFor<T>(db: object, name: string, build: () => T): T {
  let byName = prepared.get(db);
  if (!byName) prepared.set(db, (byName = new Map()));
  let statement = byName.get(name) as T | undefined;
  if (!statement) byName.set(name, (statement = build()));
  return statement;
}
