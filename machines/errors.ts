/** The message to show for a failed actor: the app's actors throw errors that already carry a pt-BR message. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Algo deu errado. Tente novamente.';
}
