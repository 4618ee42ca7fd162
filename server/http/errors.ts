import type { FieldErrors } from '@domain';
import type { RefusalKind } from '../services/errors';
import { ServiceError } from '../services/errors';

export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** 409: the action may be a mistake (a likely duplicate); the client asks the user and sends it again confirmed. */
  | 'confirmation_required'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  /** 422: a migration's CNPJ the Receita Federal does not know, until the customer confirms it (`CNPJ_NOT_FOUND`). */
  | 'cnpj_not_found'
  | 'rate_limited'
  | 'unavailable'
  | 'bad_gateway'
  | 'internal';

/** The error envelope of the API conventions: `{ error: { code, message, fields? } }`. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldErrors };
}

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const badRequest = (message: string, fields?: FieldErrors) => new HttpError(400, 'bad_request', message, fields);
export const unauthorized = (message = 'Sua sessão expirou ou é inválida. Entre novamente.') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Você não tem permissão para esta ação.') => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Não encontrado.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);

/** The API's answer to each kind of refusal a service throws: the one place services' errors become HTTP. */
const HTTP_OF_REFUSAL: Record<RefusalKind, { status: HttpError['status']; code: ErrorCode }> = {
  invalid: { status: 400, code: 'bad_request' },
  forbidden: { status: 403, code: 'forbidden' },
  not_found: { status: 404, code: 'not_found' },
  conflict: { status: 409, code: 'conflict' },
  unprocessable: { status: 422, code: 'unprocessable' },
  cnpj_not_found: { status: 422, code: 'cnpj_not_found' },
  too_often: { status: 429, code: 'rate_limited' },
  not_delivered: { status: 502, code: 'bad_gateway' },
  unavailable: { status: 503, code: 'unavailable' },
};

/** The HTTP answer of an error a route or a service threw, or null for one that is not a refusal (a fault). */
export function httpErrorOf(error: unknown): HttpError | null {
  if (error instanceof HttpError) return error;
  if (!(error instanceof ServiceError)) return null;
  const { status, code } = HTTP_OF_REFUSAL[error.kind];
  return new HttpError(status, code, error.message, error.fields);
}
