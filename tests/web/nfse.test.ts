import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { validate } from '@domain';
import { FiscalProfileSchema, MAX_CERTIFICATE_BYTES, certificateUploadErrors } from '@domain/fiscalProfile';
import { CANCELLATION_REASON_CODES, CancellationSchema, formatAccessKey } from '@domain/nfseEmission';
import {
  bulkResultOf,
  bulkSummary,
  canEmitNationally,
  fiscalProfileBody,
  fiscalProfileFormValues,
  isNationalInvoice,
  queueRowNote,
  retryPlanText,
} from '@/features/invoices/nfse';
import { emissionView } from '../support/nfse-views';

const emission = emissionView;

describe('the access key as the team reads it', () => {
  it('comes in groups of four', () => {
    const key = '35503082212345678000195000000000001261100000000011';
    expect(formatAccessKey(key)).toBe('3550 3082 2123 4567 8000 1950 0000 0000 0012 6110 0000 0000 11');
    expect(formatAccessKey(formatAccessKey(key))).toBe(formatAccessKey(key));
  });
});

describe('which requests the national emission is offered for', () => {
  it('a pending request, tried or not, unless the national system already issued it', () => {
    expect(canEmitNationally({ status: 'requested', emission: null })).toBe(true);
    expect(canEmitNationally({ status: 'requested' })).toBe(true);
    expect(canEmitNationally({ status: 'processing', emission: emission({ state: 'retrying' }) })).toBe(true);
    expect(canEmitNationally({ status: 'processing', emission: emission({ state: 'issued' }) })).toBe(false);
  });
  it('never an issued, refused or cancelled one', () => {
    for (const status of ['issued', 'rejected', 'cancelled'] as const) expect(canEmitNationally({ status })).toBe(false);
  });
  it('a national invoice is one issued through the national system, not one registered by hand', () => {
    expect(isNationalInvoice({ status: 'issued', emission: emission({ state: 'issued' }) })).toBe(true);
    expect(isNationalInvoice({ status: 'issued', emission: null })).toBe(false);
  });
});

describe('the queue row’s note', () => {
  it('a refused request shows its reason', () => {
    expect(queueRowNote({ status: 'rejected', reason: 'E0310: código de serviço fora da lista.' })).toEqual({
      tone: 'error',
      text: 'E0310: código de serviço fora da lista.',
    });
  });
  it('a request waiting on the national system shows when it is looked up again and why, in São Paulo time', () => {
    const note = queueRowNote({
      status: 'processing',
      reason: null,
      emission: emission({
        state: 'retrying',
        attempts: 2,
        nextAttemptAt: '2026-11-27T17:05:00.000Z',
        lastError: 'O Sistema Nacional não respondeu a tempo.',
      }),
    });
    expect(note).toEqual({
      tone: 'warning',
      text: 'Nova consulta em 27/11/2026 às 14:05 (2 tentativas até agora) — O Sistema Nacional não respondeu a tempo.',
    });
  });
  it('a DPS that could not be built says why nothing was sent', () => {
    const note = queueRowNote({
      status: 'requested',
      reason: null,
      emission: emission({ problem: { stage: 'validating', message: 'CNPJ do tomador inválido.', issues: [] } }),
    });
    expect(note).toEqual({ tone: 'error', text: 'CNPJ do tomador inválido.' });
  });
  it('nothing for a request never tried or an issued one', () => {
    expect(queueRowNote({ status: 'requested', reason: null, emission: null })).toBeNull();
    expect(queueRowNote({ status: 'issued', reason: null, emission: emission({ state: 'issued' }) })).toBeNull();
    expect(retryPlanText(emission({ state: 'ready' }))).toBeNull();
  });
});

describe('the cancellation’s reason (the schema the dialog and the server share)', () => {
  const reasonError = (reason: string) => {
    const checked = validate(CancellationSchema, { reason, reasonCode: '9' });
    return checked.ok ? null : checked.fields.reason;
  };
  it('has 15 to 255 characters, as the national event requires', () => {
    expect(reasonError('curto demais')).toMatch(/pelo menos 15/);
    expect(reasonError('   ' + 'a'.repeat(14) + '   ')).toMatch(/pelo menos 15/);
    expect(reasonError('Serviço não foi prestado ao tomador.')).toBeNull();
    expect(reasonError('a'.repeat(256))).toMatch(/até 255/);
  });
  it('sends the text trimmed, "outros" unless a code is chosen, and only the national codes', () => {
    expect(validate(CancellationSchema, { reason: '  Serviço não foi prestado.  ' })).toEqual({
      ok: true,
      value: { reason: 'Serviço não foi prestado.', reasonCode: '9' },
    });
    expect(Object.keys(CANCELLATION_REASON_CODES)).toEqual(['1', '2', '9']);
    const unknown = validate(CancellationSchema, { reason: 'Serviço não foi prestado.', reasonCode: '3' });
    expect(unknown.ok ? null : unknown.fields.reasonCode).toMatch(/^Escolha o motivo do cancelamento/);
  });
});

describe('the certificate upload (the rule the form and the server share)', () => {
  const file = (name: string, size = 3_000) => ({ name, size });
  it('takes a .pfx or .p12 of at most 50 KB with its password', () => {
    expect(certificateUploadErrors(file('empresa.pfx'), 'senha')).toEqual({});
    expect(certificateUploadErrors(file('EMPRESA.P12', MAX_CERTIFICATE_BYTES), 'senha')).toEqual({});
  });
  it('names what is wrong with each field in Portuguese', () => {
    expect(certificateUploadErrors(null, '')).toEqual({
      file: 'Envie o arquivo do certificado A1 (.pfx ou .p12).',
      password: 'Informe a senha do certificado.',
    });
    expect(certificateUploadErrors(file('empresa.pfx', 0), 'senha').file).toMatch(/^Envie o arquivo/);
    expect(certificateUploadErrors(file('certificado.txt'), 'senha').file).toBe(
      'O certificado deve ser um arquivo .pfx ou .p12 (certificado A1).',
    );
    expect(certificateUploadErrors(file('empresa.pfx', MAX_CERTIFICATE_BYTES + 1), 'senha').file).toMatch(/passa de 50 KB/);
  });
});

describe('the fiscal profile form', () => {
  it('shows a saved profile as typed and sends what the domain schema accepts unchanged', () => {
    const values = fiscalProfileFormValues({
      cityIbgeCode: '3550308',
      taxRegime: 'simples',
      simplesApportionment: '2',
      specialRegime: '0',
      serviceCode: '010701',
      otherServiceCodes: ['010801', '170101'],
      nbsCode: '115021000',
      issRate: 2.5,
      dpsSeries: '1',
      simplesTaxRate: 6,
      federalTaxRate: undefined,
      municipalRegistration: undefined,
      municipalServiceCode: undefined,
      serviceDescription: 'Suporte técnico',
      services: [],
      cityName: 'São Paulo/SP',
      updatedAt: '2026-11-27T12:00:00.000Z',
    });
    expect(values).toMatchObject({
      serviceCode: '01.07.01',
      otherServiceCodes: '01.08.01, 17.01.01',
      nbsCode: '1.1502.10.00',
      issRate: '2,5',
      simplesTaxRate: '6',
      federalTaxRate: '',
      municipalRegistration: '',
    });
    const parsed = v.parse(FiscalProfileSchema, fiscalProfileBody(values));
    expect(parsed).toMatchObject({
      serviceCode: '010701',
      otherServiceCodes: ['010801', '170101'],
      nbsCode: '115021000',
      issRate: 2.5,
      simplesApportionment: '2',
    });
  });
  it('sends no apportionment for a regime other than the Simples, and leaves blanks out', () => {
    const body = fiscalProfileBody({ ...fiscalProfileFormValues(null), taxRegime: 'mei', cityIbgeCode: '3550308' });
    expect(body).not.toHaveProperty('simplesApportionment');
    expect(body).not.toHaveProperty('issRate');
    expect(body).toMatchObject({ taxRegime: 'mei', dpsSeries: '1', specialRegime: '0' });
  });
  it('an empty form gets the schema’s own pt-BR messages', () => {
    const result = v.safeParse(FiscalProfileSchema, fiscalProfileBody(fiscalProfileFormValues(null)));
    expect(result.success).toBe(false);
  });
});

describe('bulk emission', () => {
  const issued = (n: string) => ({ status: 'issued' as const, invoiceNumber: n, reason: null, emission: null });

  // Sending them one after another, a failure never stopping the others and "Parar" starting no new one, is the bulk
  // emission machine's (tests/machines/nfseBulkEmission.model.test.ts); here, what each answer reads as.
  it('reads each answer as the bulk list shows it, and sums the run up', () => {
    const rejected = bulkResultOf('c', {
      status: 'rejected',
      invoiceNumber: null,
      reason: 'E0310',
      emission: emission({
        state: 'rejected',
        errors: [{ code: 'E0310', description: 'cTribNac inexistente', explanation: 'Código fora da lista nacional.' }],
      }),
    });
    expect(rejected).toEqual({ id: 'c', outcome: 'rejected', detail: 'E0310: Código fora da lista nacional.' });
    expect(bulkResultOf('a', issued('101'))).toEqual({ id: 'a', outcome: 'issued', detail: 'Nota nº 101' });
    const results = [
      bulkResultOf('a', issued('101')),
      { id: 'b', outcome: 'failed' as const, detail: 'A empresa não tem certificado digital.' },
      rejected,
      bulkResultOf('d', issued('102')),
    ];
    expect(bulkSummary(results)).toBe('2 emitidas, 1 recusada, 1 não enviada');
  });

  it('a request left waiting says when it is looked up again', () => {
    const result = bulkResultOf('x', {
      status: 'processing',
      invoiceNumber: null,
      reason: null,
      emission: emission({ state: 'retrying', nextAttemptAt: '2026-11-27T17:05:00.000Z', lastError: 'Sem resposta.' }),
    });
    expect(result).toEqual({ id: 'x', outcome: 'processing', detail: 'Nova consulta em 27/11/2026 às 14:05 — Sem resposta.' });
    expect(bulkSummary([result])).toBe('1 aguardando o Sistema Nacional');
    expect(bulkSummary([])).toBe('Nenhuma nota enviada');
  });
});
