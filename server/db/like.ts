/**
 * The LIKE / ILIKE pattern that finds `text` anywhere in a column: its own `%`, `_` and backslash taken literally (a
 * search for "100%_" looks for those characters, not for anything). Every list's search builds its pattern here.
 */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
