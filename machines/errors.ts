import type { FieldErrors } from '@domain';

/** The message to show for a failed actor: the app's actors throw errors that already carry a pt-BR message. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Algo deu errado. Tente novamente.';
}

/** The code a failed call carries (the app's ApiError: `cnpj_not_found`, `not_found`), or undefined. */
export function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** The HTTP status a failed call carries (the app's ApiError, ofetch's error), or null for anything else. */
export function errorStatus(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const status = 'status' in error ? error.status : undefined;
  const value = typeof status === 'number' ? status : 'statusCode' in error ? error.statusCode : undefined;
  return typeof value === 'number' && value >= 400 ? value : null;
}

/** The per-field messages a failed call carries (the app's ApiError for a 400), or none. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  const fields = typeof error === 'object' && error !== null && 'fields' in error ? error.fields : undefined;
  // Taken as the server gave them (the app's ApiError keeps the answer's `fields`): their shape is not checked here.
  return fields && typeof fields === 'object' ? (fields as FieldErrors) : {};
}

/**
 * Whether a failed call was the server refusing what was sent (bad input, a duplicate, too large, a file it cannot read):
 * sending the same thing again ends the same way, so the person is offered another file or a corrected form, not a retry.
 * A dropped connection, a timeout, a 401 the session recovers, a rate limit or a 5xx may pass on a second try.
 */
export function refusedForGood(error: unknown): boolean {
  const status = errorStatus(error);
  return status !== null && [400, 409, 413, 415, 422].includes(status);
}
