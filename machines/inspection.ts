/**
 * How a transition's guard is named where transitions are listed (the model tests' coverage, the app's transition
 * log): its type, with its parameters when it has them (`isTo{"status":"active"}`).
 */
export function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline';
  if (typeof guard !== 'object') return 'guard';
  const type = 'type' in guard ? guard.type : undefined;
  const given = 'params' in guard ? guard.params : undefined;
  // Parameters computed from the event (a function) are not part of the name.
  const params = given && typeof given !== 'function' ? JSON.stringify(given) : '';
  return typeof type === 'string' ? `${type}${params}` : 'guard';
}
