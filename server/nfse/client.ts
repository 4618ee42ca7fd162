/**
 * The national NFS-e API's client (Sefin Nacional): mutual TLS with the company's A1 certificate (Node's https
 * Agent with its key and certificate; the private key never leaves this process), the base URL from configuration
 * (`NFSE_NACIONAL_URL`; the local stand-in by default). Each call says what it came to, never throws for the
 * network: an emission is issued, rejected (the national error codes explained in pt-BR) or uncertain (a timeout, a
 * dropped connection, a 5xx — the DPS may have become an NFS-e); a lookup by DPS id finds the NFS-e, finds nothing,
 * or cannot tell. The emission machine (machines/nfseEmission.machine.ts) decides what follows: a lookup before any
 * second send.
 */
import { Agent, request } from 'node:https';
import type { ExplainedNationalError, NationalError } from '@domain/nfseErrors';
import { EMISSION_MESSAGES } from '@domain/nfseErrors';
import { explainNationalError } from './errors';
import { isAccessKey } from '@domain/nfseNacional';
import type { IssuedNfse, LookupOutcome, SendOutcome, SignedDps } from '@domain/nfseEmission';
import { readNfseXml } from './nfse-xml';
import type { CityParameters } from './rules';
import { unpackXml } from './package';

export type NfseClientOptions = {
  /** `https://sefin.nfse.gov.br/SefinNacional`, `https://sefin.producaorestrita.nfse.gov.br/SefinNacional` or the stand-in's. */
  baseUrl: string;
  /** The company's certificate: its key and certificate (PEM), and the chain to present. */
  certificate: { privateKeyPem: string; certificatePem: string; chainPem?: string[] };
  /** CAs to trust beyond Node's own (the local stand-in's test CA). */
  trustedCaPem?: string[];
  /** How long an emission may take before it counts as unanswered (default 30 s). */
  timeoutMs?: number;
  /** How long a lookup may take (default 15 s). */
  lookupTimeoutMs?: number;
  /** Parallel connections to the national system (default 8). */
  maxSockets?: number;
  /**
   * The ADN Parâmetros Municipais base (`https://adn.nfse.gov.br/parametrizacao`, the restricted production's, or the
   * stand-in's): what a municipality has told the national system. Without it the city's parameters are unknown.
   */
  parametersUrl?: string;
};

/** What the product reads of a city's parameters (see docs/nfse.md, "ADN Parâmetros Municipais"). */
export type CityParametersOutcome = { outcome: 'known'; parameters: CityParameters } | { outcome: 'unknown'; reason: string };

export type EventOutcome =
  | { outcome: 'registered'; eventXml: string }
  | { outcome: 'rejected'; errors: ExplainedNationalError[] }
  | { outcome: 'uncertain'; reason: string };

type Answer = { status: number; body: Record<string, unknown> | null };
type TransportFailure = { failed: true; reason: string };

export type NfseClient = {
  /** `POST /nfse` with the signed DPS. */
  sendDps(dps: SignedDps): Promise<SendOutcome>;
  /** `GET /dps/{id}`, then the NFS-e it became (`GET /nfse/{key}`). */
  lookupDps(id: string): Promise<LookupOutcome>;
  /** `GET /nfse/{key}`: the NFS-e, or null when the national system has none. */
  getNfse(accessKey: string): Promise<IssuedNfse | null | { outcome: 'uncertain'; reason: string }>;
  /** `POST /nfse/{key}/eventos` with the signed pedRegEvento (a cancellation). */
  registerEvent(accessKey: string, body: { pedidoRegistroEventoXmlGZipB64: string }): Promise<EventOutcome>;
  /**
   * ADN Parâmetros Municipais: `GET /{cMun}/convenio` (whether the city is on the national system) and
   * `GET /{cMun}/{cServ}/{competência}/aliquota` (its ISS rate for the service that month).
   */
  cityParameters(
    cityIbgeCode: string,
    serviceCode: string,
    competence: string,
    /** With the DPS's special regime (regEspTrib ≠ 0), the regimes the city admits are read too (rule E0177). */
    options?: { specialRegime?: string },
  ): Promise<CityParametersOutcome>;
  close(): void;
};

/** The national errors of a refusal; an answer without them still says its status. */
function errorsOf(answer: Answer): ExplainedNationalError[] {
  const list = answer.body?.erros ?? answer.body?.erro;
  const items = Array.isArray(list) ? list : list && typeof list === 'object' ? [list] : [];
  const errors = items
    .map((item: Record<string, unknown>): NationalError => ({
      code: String(item.Codigo ?? item.codigo ?? ''),
      description: String(item.Descricao ?? item.descricao ?? item.mensagem ?? ''),
      ...(item.Complemento || item.complemento ? { complement: String(item.Complemento ?? item.complemento) } : {}),
    }))
    .filter((error) => error.code);
  if (errors.length) return errors.map(explainNationalError);
  const message = typeof answer.body?.mensagem === 'string' ? answer.body.mensagem : '';
  // E1235 answers sometimes come as a single "mensagem": "E1235: Falha no esquema XML do DF-e."
  const coded = /^(E\d{3,4})\s*[:-]\s*(.*)$/.exec(message);
  if (coded) return [explainNationalError({ code: coded[1]!, description: coded[2]! })];
  return [
    explainNationalError({
      code: `HTTP${answer.status}`,
      description: message || `Resposta ${answer.status} do Sistema Nacional.`,
    }),
  ];
}

function nfseFrom(body: Record<string, unknown> | null): IssuedNfse | null {
  const key = body?.chaveAcesso;
  const packed = body?.nfseXmlGZipB64;
  if (typeof key !== 'string' || !isAccessKey(key) || typeof packed !== 'string') return null;
  try {
    const xml = unpackXml(packed);
    const read = readNfseXml(xml);
    if (read.accessKey !== key) return null;
    return { accessKey: key, number: read.number, xml };
  } catch {
    return null;
  }
}

/** A JSON object, or null for an empty or non-JSON body (a gateway's HTML page). */
function parseJson(text: string): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * `situacao` of a city's special regime (ADN `TipoConfiguracaoRegimeEspecial`): 1 permitted, 2 forbidden (vedado),
 * 3 mandatory. The Swagger lists the values without names; these are the names public clients of the ADN give them
 * (docs/nfse.md). A regime is admitted when an entry in force at the competence permits or requires it.
 */
const ADMITTED_SITUATIONS = new Set([1, 3]);

/**
 * The `regEspTrib` codes a `regimes_especiais` answer admits for the service at the competence (YYYY-MM). The answer
 * nests `regimesEspeciais` by service code then by regime code; a map keyed by regime code straight away is read the
 * same (codes of one digit are regimes, of six a service). Undefined when the answer is not of that shape.
 */
export function regimesAdmitted(body: Record<string, unknown> | null, service: string, competence: string): string[] | undefined {
  const map = body?.regimesEspeciais;
  if (!map || typeof map !== 'object') return undefined;
  const outer = map as Record<string, unknown>;
  const byRegime = (service in outer ? outer[service] : outer) as Record<string, unknown> | undefined;
  if (!byRegime || typeof byRegime !== 'object') return [];
  const day = `${competence.slice(0, 7)}-01`;
  const inForce = (entry: Record<string, unknown>) =>
    (typeof entry.dataInicio !== 'string' || entry.dataInicio.slice(0, 10) <= day) &&
    (typeof entry.dataFim !== 'string' || entry.dataFim.slice(0, 10) >= day);
  return Object.entries(byRegime)
    .filter(([code, entries]) => {
      if (!/^[1-9]$/.test(code) || !Array.isArray(entries)) return false;
      const current = (entries as Record<string, unknown>[]).filter((entry) => entry && inForce(entry));
      return current.some((entry) => ADMITTED_SITUATIONS.has(Number(entry.situacao)));
    })
    .map(([code]) => code)
    .sort();
}

/** Whether a status means the national system may have done the work, or may do it if asked again. */
const isTransient = (status: number) => status >= 500 || status === 429 || status === 408;

export function createNfseClient(options: NfseClientOptions): NfseClient {
  const base = new URL(options.baseUrl.replace(/\/+$/, '') + '/');
  const agent = new Agent({
    key: options.certificate.privateKeyPem,
    cert: [options.certificate.certificatePem, ...(options.certificate.chainPem ?? [])].join('\n'),
    ...(options.trustedCaPem?.length ? { ca: options.trustedCaPem } : {}),
    keepAlive: true,
    maxSockets: options.maxSockets ?? 8,
  });
  const timeoutMs = options.timeoutMs ?? 30_000;
  const lookupTimeoutMs = options.lookupTimeoutMs ?? 15_000;

  const parametersBase = options.parametersUrl ? new URL(options.parametersUrl.replace(/\/+$/, '') + '/') : null;

  function call(
    method: string,
    path: string,
    body: unknown,
    timeout: number,
    from: URL = base,
  ): Promise<Answer | TransportFailure> {
    return new Promise((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      let settled = false;
      const finish = (value: Answer | TransportFailure) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      };
      const req = request(
        new URL(path, from),
        {
          method,
          agent,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', () => finish({ failed: true, reason: EMISSION_MESSAGES.dropped }));
          res.on('aborted', () => finish({ failed: true, reason: EMISSION_MESSAGES.dropped }));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            finish({ status: res.statusCode ?? 0, body: parseJson(text) });
          });
        },
      );
      // The whole exchange, answer included, within the time: a slow answer counts as none.
      const timer = setTimeout(() => {
        finish({ failed: true, reason: EMISSION_MESSAGES.timeout });
        req.destroy();
      }, timeout);
      req.on('error', (error: NodeJS.ErrnoException) => {
        const reason =
          error.code === 'ECONNREFUSED' || error.code === 'ENOTFOUND' || error.code === 'EHOSTUNREACH'
            ? EMISSION_MESSAGES.unreachable
            : EMISSION_MESSAGES.dropped;
        finish({ failed: true, reason });
      });
      req.end(payload);
    });
  }

  /** The special regimes the city admits for the service that month, or undefined when its answer cannot be read. */
  async function admittedRegimes(city: string, service: string, month: string, competence: string) {
    const answer = await call(
      'GET',
      `${city}/${service}/${month}/regimes_especiais`,
      undefined,
      lookupTimeoutMs,
      parametersBase!,
    );
    if ('failed' in answer || answer.status !== 200) return undefined;
    return regimesAdmitted(answer.body, service, competence);
  }

  async function getNfse(accessKey: string): Promise<IssuedNfse | null | { outcome: 'uncertain'; reason: string }> {
    const answer = await call('GET', `nfse/${accessKey}`, undefined, lookupTimeoutMs);
    if ('failed' in answer) return { outcome: 'uncertain', reason: answer.reason };
    if (answer.status === 404) return null;
    if (answer.status >= 200 && answer.status < 300) {
      return nfseFrom(answer.body) ?? { outcome: 'uncertain', reason: EMISSION_MESSAGES.unexpected };
    }
    return {
      outcome: 'uncertain',
      reason: isTransient(answer.status) ? EMISSION_MESSAGES.unavailable : EMISSION_MESSAGES.unexpected,
    };
  }

  return {
    async sendDps(dps) {
      const answer = await call('POST', 'nfse', dps.body, timeoutMs);
      if ('failed' in answer) return { outcome: 'uncertain', reason: answer.reason };
      if (answer.status >= 200 && answer.status < 300) {
        const nfse = nfseFrom(answer.body);
        return nfse ? { outcome: 'issued', nfse } : { outcome: 'uncertain', reason: EMISSION_MESSAGES.unexpected };
      }
      if (isTransient(answer.status)) return { outcome: 'uncertain', reason: EMISSION_MESSAGES.unavailable };
      return { outcome: 'rejected', errors: errorsOf(answer) };
    },

    async lookupDps(id) {
      const answer = await call('GET', `dps/${id}`, undefined, lookupTimeoutMs);
      if ('failed' in answer) return { outcome: 'uncertain', reason: answer.reason };
      if (answer.status === 404) return { outcome: 'notFound' };
      if (answer.status >= 200 && answer.status < 300) {
        const key = answer.body?.chaveAcesso;
        if (typeof key !== 'string' || !isAccessKey(key)) return { outcome: 'uncertain', reason: EMISSION_MESSAGES.unexpected };
        const nfse = await getNfse(key);
        if (nfse && 'xml' in nfse) return { outcome: 'found', nfse };
        return { outcome: 'uncertain', reason: nfse ? nfse.reason : EMISSION_MESSAGES.unexpected };
      }
      return {
        outcome: 'uncertain',
        reason: isTransient(answer.status) ? EMISSION_MESSAGES.unavailable : EMISSION_MESSAGES.unexpected,
      };
    },

    getNfse,

    async registerEvent(accessKey, body) {
      const answer = await call('POST', `nfse/${accessKey}/eventos`, body, timeoutMs);
      if ('failed' in answer) return { outcome: 'uncertain', reason: answer.reason };
      if (answer.status >= 200 && answer.status < 300) {
        const packed = answer.body?.eventoXmlGZipB64;
        if (typeof packed === 'string') {
          try {
            return { outcome: 'registered', eventXml: unpackXml(packed) };
          } catch {
            // answered below
          }
        }
        return { outcome: 'uncertain', reason: EMISSION_MESSAGES.unexpected };
      }
      if (isTransient(answer.status)) return { outcome: 'uncertain', reason: EMISSION_MESSAGES.unavailable };
      return { outcome: 'rejected', errors: errorsOf(answer) };
    },

    async cityParameters(cityIbgeCode, serviceCode, competence, options = {}) {
      if (!parametersBase) return { outcome: 'unknown', reason: 'Parâmetros municipais não configurados.' };
      const agreement = await call('GET', `${cityIbgeCode}/convenio`, undefined, lookupTimeoutMs, parametersBase);
      if ('failed' in agreement) return { outcome: 'unknown', reason: agreement.reason };
      // A city the national system has no agreement for answers 404: it is not on it.
      if (agreement.status === 404) return { outcome: 'known', parameters: { active: false } };
      const convenio = agreement.body?.parametrosConvenio as Record<string, unknown> | undefined;
      if (agreement.status !== 200 || !convenio) return { outcome: 'unknown', reason: EMISSION_MESSAGES.unexpected };
      const active = convenio.aderenteAmbienteNacional === 1;
      const month = `${competence.slice(0, 7)}-01T00:00:00`;
      const rates = await call(
        'GET',
        `${cityIbgeCode}/${serviceCode}/${month}/aliquota`,
        undefined,
        lookupTimeoutMs,
        parametersBase,
      );
      let rate: number | undefined;
      if (!('failed' in rates) && rates.status === 200) {
        const list = (rates.body?.aliquotas as Record<string, { Aliq?: number | null }[]> | undefined)?.[serviceCode];
        const found = list?.find((entry) => typeof entry.Aliq === 'number')?.Aliq;
        rate = typeof found === 'number' ? found : undefined;
      }
      const specialRegimes = options.specialRegime
        ? await admittedRegimes(cityIbgeCode, serviceCode, month, competence)
        : undefined;
      return {
        outcome: 'known',
        parameters: { active, ...(rate === undefined ? {} : { rate }), ...(specialRegimes ? { specialRegimes } : {}) },
      };
    },

    close: () => agent.destroy(),
  };
}
