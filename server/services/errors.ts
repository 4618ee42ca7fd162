import type { FieldErrors } from '@domain';

/**
 * What a service refuses, in the product's terms. Services know nothing of HTTP: the API answers each kind with its
 * status and error code in one place (`httpErrorOf` in server/http/errors.ts; docs/architecture.md).
 */
export type RefusalKind =
  | 'invalid'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  /** A migration's CNPJ the Receita Federal does not know, until the customer confirms it (`CNPJ_NOT_FOUND`). */
  | 'cnpj_not_found'
  /** Past a limit on how often something may be done (a day's invitations, the wait before resending one). */
  | 'too_often'
  /** An outside service refused what was handed to it (the SMTP server an e-mail): nothing was kept. */
  | 'not_delivered'
  | 'unavailable';

export class ServiceError extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** The input breaks a rule (by field, when one is to blame). */
export const invalid = (message: string, fields?: FieldErrors) => new ServiceError('invalid', message, fields);
export const notFound = (message: string) => new ServiceError('not_found', message);
/** The thing is not in a state that allows it (already issued, already running…). */
export const conflict = (message: string) => new ServiceError('conflict', message);
/** Well formed, but an outside service or a rule downstream refused it. */
export const unprocessable = (message: string, fields?: FieldErrors) => new ServiceError('unprocessable', message, fields);
/** Past a limit on how often it may be done. */
export const tooOften = (message: string) => new ServiceError('too_often', message);
/** An outside service refused what was handed to it. */
export const notDelivered = (message: string) => new ServiceError('not_delivered', message);
/** An outside service did not answer in a way that tells what happened: try again later. */
export const unavailable = (message: string) => new ServiceError('unavailable', message);
