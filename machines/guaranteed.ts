/**
 * A context value the machine's state guarantees (a guard checked it, or the state is only entered once it is set),
 * read where TypeScript cannot see that guarantee: XState gives the context one type for every state. A missing value
 * is a bug in the machine, so it fails here, naming what is missing, rather than travelling on as `null`.
 */
export function guaranteed<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing, though the machine's state guarantees it`);
  return value;
}
