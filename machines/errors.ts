/** The message to show for a failed actor: the app's actors throw errors that already carry a pt-BR message. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Algo deu errado. Tente novamente.';
}

/** The HTTP status a failed call carries (the app's ApiError, ofetch's error), or null for anything else. */
export function errorStatus(error: unknown): number | null {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  const value = typeof status === 'number' ? status : statusCode;
  return typeof value === 'number' && value >= 400 ? value : null;
}
