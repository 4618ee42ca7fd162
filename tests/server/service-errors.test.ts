import { describe, expect, it } from 'vitest';
import { HttpError, httpErrorOf } from '@server/http/errors';
import {
  ServiceError,
  conflict,
  invalid,
  notDelivered,
  notFound,
  tooOften,
  unavailable,
  unprocessable,
} from '@server/services/errors';

/** The API's answer to each refusal a service throws (docs/api.md's error envelope), written out. */
describe('httpErrorOf', () => {
  it.each([
    [invalid('Atividade inexistente.', { mainActivity: 'x' }), 400, 'bad_request', { mainActivity: 'x' }],
    [new ServiceError('forbidden', 'Sem acesso.'), 403, 'forbidden', undefined],
    [notFound('Empresa não encontrada.'), 404, 'not_found', undefined],
    [conflict('Esta nota já foi emitida.'), 409, 'conflict', undefined],
    [unprocessable('O Sistema Nacional recusou o cancelamento.'), 422, 'unprocessable', undefined],
    [
      new ServiceError('cnpj_not_found', 'CNPJ não existe', { cnpj: 'CNPJ não existe' }),
      422,
      'cnpj_not_found',
      { cnpj: 'CNPJ não existe' },
    ],
    [tooOften('Você já enviou 20 convites hoje.'), 429, 'rate_limited', undefined],
    [notDelivered('Não foi possível enviar o e-mail agora.'), 502, 'bad_gateway', undefined],
    [unavailable('Tente de novo em instantes.'), 503, 'unavailable', undefined],
  ] as const)('answers %o with %i %s', (error, status, code, fields) => {
    const answer = httpErrorOf(error);
    expect(answer).toBeInstanceOf(HttpError);
    expect(answer?.status).toBe(status);
    expect(answer?.toBody()).toEqual({ error: { code, message: error.message, ...(fields ? { fields } : {}) } });
  });

  it('passes a route’s own HTTP error on, and leaves faults alone', () => {
    const own = new HttpError(413, 'payload_too_large', 'Grande demais.');
    expect(httpErrorOf(own)).toBe(own);
    expect(httpErrorOf(new Error('boom'))).toBeNull();
    expect(httpErrorOf('boom')).toBeNull();
  });
});
