/**
 * How a transition's guard is named where transitions are listed (the model tests' coverage, the app's transition
 * log): its type, with its parameters when it has them (`isTo{"status":"active"}`).
 */
export function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline';
  const typed = guard as { type?: unknown; params?: unknown };
  // Parameters computed from the event (a function) are not part of the name.
  const params = typed.params && typeof typed.params !== 'function' ? JSON.stringify(typed.params) : '';
  return typeof typed.type === 'string' ? `${typed.type}${params}` : 'guard';
}
