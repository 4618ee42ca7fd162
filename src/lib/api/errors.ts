import type { FieldErrors } from '@domain';
import { UNAVAILABLE_MESSAGE } from '@domain/constants';

/** A failed API call with what the user should read (the server's pt-BR message when there is one). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fields: FieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const STATUS_MESSAGES: Record<number, string> = {
  401: 'Sua sessão expirou. Entre novamente.',
  403: 'Você não tem permissão para acessar isto.',
  404: 'Não encontrado.',
  413: 'O arquivo ou conteúdo enviado é grande demais.',
  429: 'Muitas solicitações seguidas. Aguarde um instante e tente de novo.',
  503: UNAVAILABLE_MESSAGE,
};

interface FetchLikeError {
  statusCode?: number;
  status?: number;
  data?: unknown;
  message?: string;
}

/** Turns whatever a client threw into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const e = (error ?? {}) as FetchLikeError;
  const status = e.statusCode ?? e.status ?? 0;
  const body = (e.data as { error?: { code?: string; message?: string; fields?: FieldErrors } } | undefined)?.error;
  if (body?.message) return new ApiError(body.message, status, body.code ?? 'error', body.fields);
  if (status === 0) return new ApiError('Sem conexão com o servidor. Verifique sua internet e tente novamente.', 0, 'network');
  return new ApiError(STATUS_MESSAGES[status] ?? 'Algo deu errado. Tente novamente.', status, 'error');
}

/** The per-field messages of a refusal, or null when the error is not about fields (it is said as a whole). */
export function fieldErrorsOf(error: unknown): FieldErrors | null {
  return error instanceof ApiError && Object.keys(error.fields).length > 0 ? error.fields : null;
}
