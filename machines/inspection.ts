/**
 * How a transition's guard is named where transitions are listed (the model tests' coverage, the app's transition
 * log): its type, with its parameters when it has them (`isTo{"status":"active"}`).
 */
export function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline';
  const typed = guard as { type?: unknown; params?: unknown };
  return typeof typed.type === 'string' ? `${typed.type}${typed.params ? JSON.stringify(typed.params) : ''}` : 'guard';
}
