/**
 * The local stand-in of the national NFS-e API (Sefin Nacional), for development, the demo and the tests: a
 * separate HTTPS server with mutual TLS, its server certificate and the companies' A1 certificates made at start by
 * a local test CA (server/nfse/test-ca.ts). Its records (the NFS-e issued, their DPS, numbering and events) are in
 * memory, or — given `stateFile`, as the server does under DATA_DIR — also in that file, rewritten whole (a temporary
 * file renamed over it) before each answer that changed them, so a restart remembers what the national system would.
 *
 * What it checks, as the national system does: the DPS unpacks (gzip + base64; E1226 otherwise), is valid against the
 * layout 1.01 schema, Signature included (E1235), is signed (E0717) with a valid XML-DSig of the algorithm it plays,
 * RSA-SHA1 by default as the Manual documents (E0714), by a certificate carrying the provider's CNPJ (E0718); then every
 * business rule of the official table that the DPS can break (server/nfse/rules.ts, codes and messages from the
 * Anexo I sheet) — the city's agreement and special regimes come from its own copy of the ADN Parâmetros Municipais,
 * which it also serves (`/parametrizacao/...`). A DPS number is used once per provider, series and city (E0014): the
 * same DPS sent again yields the same NFS-e. It answers in the national API's shapes (refusals as
 * `erros[]` of `Codigo`, `Descricao`, `Complemento`), issues a signed NFS-e (valid against NFSe_v1.01.xsd) with a
 * 50-character access key, serves lookups by key and by DPS id, and registers cancellations (event 101101) and
 * cancellations by substitution (105102). A DPS carrying `subst` is a substitution, done as the national system does
 * it (Manual dos Contribuintes, "API NFS-e", POST /nfse): the substitute issued and, in the same processing, event
 * 105102 registered on the replaced NFS-e naming it (`chSubstituta`); a provider's own 105102 request naming the same
 * substitute answers that event. Codes outside the sheet (E1226, E1235: seen in public clients; E0840–E0842
 * for events) are named in docs/nfse.md.
 *
 * Fault switches, settable from tests (`setFaults`): an emission committed and then its connection dropped, an
 * answer after a long wait (committed first), a 503 before anything is done, a request delivered twice, lookups
 * answered 503. The draws come from a seeded generator, so a run can be replayed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { XmlDocument } from 'libxml2-wasm';
import { create } from 'xmlbuilder2';
import type { NationalErrorCode } from '@domain/nfseErrors';
import type { NfseEnvironment } from '@domain/nfseNacional';
import { NFSE_ENVIRONMENTS, accessKey, parseDpsId } from '@domain/nfseNacional';
import { certificateCnpj, certificateCommonName } from '../nfse/certificate';
import { NFSE_LAYOUT_VERSION, NFSE_NAMESPACE, decimalValue, saoPauloDateTime } from '../nfse/dps';
import { nationalService } from '../nfse/national-services';
import { packXml, unpackXml } from '../nfse/package';
import type { SignatureAlgorithmName, SignedElement } from '../nfse/signature';
import { DEFAULT_SIGNATURE_ALGORITHM, signXml, verifySignedXml } from '../nfse/signature';
import type { SubstitutionReasonCode } from '../nfse/event';
import { SUBSTITUTION_EVENT_TYPE, buildSubstitutionEventXml } from '../nfse/event';
import type { CityParameters, DpsFacts, RuleViolation } from '../nfse/rules';
import { checkDpsRules, readDpsFacts, ruleMessage } from '../nfse/rules';
import type { IssuedA1, TestCa } from '../nfse/test-ca';
import { createTestCa, issueA1Certificate, issueTlsServerCertificate } from '../nfse/test-ca';
import type { NfseSchema } from '../nfse/xsd';
import { validateAgainst } from '../nfse/xsd';
import { municipality } from '../seed/municipalities';
import type { PersistedState, StandInKeys, StandInNfse } from './nfse-stand-in-files';
import { STAND_IN_BASE_PATH, STAND_IN_PARAMETERS_PATH, listenStandIn, readState, writeState } from './nfse-stand-in-files';

export type { StandInKeys, StandInNfse } from './nfse-stand-in-files';

/** `verAplic` (at most 20 characters). */
export const STAND_IN_APP_VERSION = 'SefinNac-simulado-1';

export type NfseStandInFaults = {
  /** Share of emissions (0–1) committed, then answered by dropping the connection. */
  commitThenDrop?: number;
  /** Share of emissions committed, then answered after `slowMs`. */
  slow?: number;
  slowMs?: number;
  /** Share of emissions answered 503 before anything is done. */
  unavailable?: number;
  /** Share of emissions delivered twice: processed again at once, the second answer being the one sent. */
  duplicateDelivery?: number;
  /** Share of lookups (`GET`/`HEAD /dps/{id}`, `GET /nfse/{key}`) answered 503. */
  lookupUnavailable?: number;
  /** Seed of the draws; the same seed and requests give the same faults. */
  seed?: number;
};

export type StandInStats = {
  /** `POST /nfse` requests that reached the server (the duplicate deliveries counted once more each). */
  emissions: number;
  /** NFS-e issued: one per DPS, whatever the retries. */
  issued: number;
  /** Emissions answered with an NFS-e issued before (the same DPS again). */
  repeated: number;
  refused: number;
  dropped: number;
  slow: number;
  unavailable: number;
  duplicateDeliveries: number;
  lookups: number;
  events: number;
};

/** A provider as the national registry knows it: the NFS-e's issuer name and address come from here. */
export type RegistryEntry = {
  name: string;
  address: { street: string; number: string; district: string; postalCode: string };
  municipalRegistration?: string;
};

export type NfseStandInOptions = {
  host?: string;
  /** 0 (the default) takes a free port. */
  port?: number;
  ca?: TestCa;
  /**
   * Its TLS certificate and the one it signs with, issued by `ca`; new ones at each start unless given (two RSA keys:
   * ~1.5 s of a start on this machine, which `loadOrIssueStandInKeys` saves by keeping them under DATA_DIR).
   */
  keys?: StandInKeys;
  /** The environment it plays (`tpAmb` it accepts): restricted production by default. */
  environment?: NfseEnvironment;
  faults?: NfseStandInFaults;
  now?: () => Date;
  /** The national registry of providers; by default the name from the certificate and a fixed address. */
  registry?: (cnpj: string) => RegistryEntry | undefined;
  /**
   * A file that keeps the records across starts (read at start, rewritten after each change); without it they are
   * in memory only, per start.
   */
  stateFile?: string;
  /** The signature algorithms it accepts: RSA-SHA1 alone by default, as the Manual documents. */
  signatureAlgorithms?: readonly SignatureAlgorithmName[];
  /**
   * The municipalities' parameters (ADN Parâmetros Municipais) by IBGE code: by default every municipality is on the
   * national system, admits no special regime and has no rate of its own (the product's profile rate is used).
   */
  cityParameters?: (cityIbgeCode: string) => CityParameters | undefined;
};

export type NfseStandIn = {
  /** The base URL, e.g. `https://127.0.0.1:43111/SefinNacional`. */
  url: string;
  /** The ADN Parâmetros Municipais base it serves, e.g. `https://127.0.0.1:43111/parametrizacao`. */
  parametersUrl: string;
  /** The CA that issued the server's and the companies' certificates: the client trusts it. */
  ca: TestCa;
  caCertificatePem: string;
  /** An A1 certificate for a company, from the stand-in's CA (what the team would upload). */
  issueCompanyCertificate(request: { cnpj: string; companyName: string; password?: string }): IssuedA1;
  setFaults(faults: NfseStandInFaults): void;
  stats(): StandInStats;
  nfses(): StandInNfse[];
  close(): Promise<void>;
};

type ErrorItem = { Codigo: string; Descricao: string; Complemento?: string };

/**
 * What the stand-in answers for the refusals that are not business rules of the sheet: the reception's (seen in public
 * clients) and the events' (the stand-in's own codes, to be replaced when the events' rule table is at hand).
 */
const OWN_DESCRIPTIONS: Record<string, string> = {
  E1226: 'Estrutura descompactada mal formada.',
  E1235: 'Falha no esquema XML do DF-e.',
  E0201: 'O certificado digital utilizado na conexão não pertence ao emitente do documento.',
  E0840: 'NFS-e não encontrada para a chave de acesso informada.',
  E0841: 'NFS-e já cancelada.',
  E0842: 'O autor do evento não é o emitente da NFS-e.',
};

class Refusal extends Error {
  readonly items: ErrorItem[];
  constructor(
    code: NationalErrorCode | string,
    complement?: string,
    readonly status = 400,
    more: RuleViolation[] = [],
  ) {
    const description = OWN_DESCRIPTIONS[code] ?? ruleMessage(code);
    super(description);
    this.items = [
      { Codigo: code, Descricao: description, ...(complement ? { Complemento: complement } : {}) },
      ...more.map((violation) => ({ Codigo: violation.code, Descricao: violation.message, Complemento: violation.path })),
    ];
  }
}

/** Refuses with every broken rule at once, as the national system lists them. */
function ruleRefusal(violations: RuleViolation[]): Refusal {
  const [first, ...rest] = violations;
  return new Refusal(first!.code, first!.path, 400, rest);
}

/** mulberry32: a small seeded generator, so a fault run can be replayed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NS = { n: NFSE_NAMESPACE };

/** The few DPS fields the stand-in decides on. */
function readDps(xml: string) {
  const doc = XmlDocument.fromString(xml);
  try {
    const text = (path: string) => doc.get(`/n:DPS/n:infDPS/${path}`, NS)?.content;
    return {
      id: text('@Id') ?? '',
      environment: text('n:tpAmb') ?? '',
      series: text('n:serie') ?? '',
      number: text('n:nDPS') ?? '',
      cityIbgeCode: text('n:cLocEmi') ?? '',
      providerCnpj: text('n:prest/n:CNPJ') ?? text('n:prest/n:CPF') ?? '',
      municipalRegistration: text('n:prest/n:IM'),
      placeIbgeCode: text('n:serv/n:locPrest/n:cLocPrestacao') ?? '',
      nationalCode: text('n:serv/n:cServ/n:cTribNac') ?? '',
      serviceValue: text('n:valores/n:vServPrest/n:vServ') ?? '0.00',
      issRate: text('n:valores/n:trib/n:tribMun/n:pAliq'),
      issWithheld: text('n:valores/n:trib/n:tribMun/n:tpRetISSQN') === '2',
    };
  } finally {
    doc.dispose();
  }
}

function readPedRegEvento(xml: string) {
  const doc = XmlDocument.fromString(xml);
  try {
    const text = (path: string) => doc.get(`/n:pedRegEvento/n:infPedReg/${path}`, NS)?.content;
    const eventElement = doc.get('/n:pedRegEvento/n:infPedReg/*[starts-with(local-name(.), "e")][last()]', NS);
    return {
      id: text('@Id') ?? '',
      authorCnpj: text('n:CNPJAutor') ?? text('n:CPFAutor') ?? '',
      accessKey: text('n:chNFSe') ?? '',
      replacementKey: text('n:e105102/n:chSubstituta'),
      type: eventElement && 'name' in eventElement ? String(eventElement.name).replace(/^.*:/, '').slice(1) : '',
    };
  } finally {
    doc.dispose();
  }
}

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/** The XML declaration off a signed document, to embed it whole (its signature covers its bytes as they are). */
const withoutDeclaration = (xml: string) => xml.replace(/^<\?xml[^>]*\?>\s*/, '');

export function issueStandInKeys(ca: TestCa): StandInKeys {
  return {
    tls: issueTlsServerCertificate(ca),
    signer: issueA1Certificate(ca, { cnpj: '99999999000191', companyName: 'Sefin Nacional Simulada', password: 'x' }),
  };
}

/** What the stand-in answers and keeps, without its socket: `startNfseNacionalStandIn` and `serveNfseStandIn` listen. */
export type NfseStandInHandler = Pick<NfseStandIn, 'ca' | 'issueCompanyCertificate' | 'setFaults' | 'stats' | 'nfses'> & {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
};

export function createNfseStandInHandler(
  options: Omit<NfseStandInOptions, 'ca' | 'keys' | 'host' | 'port'> & { ca: TestCa; signer: IssuedA1 },
): NfseStandInHandler {
  const { ca, signer } = options;
  const environment = options.environment ?? 'homologation';
  const tpAmb = NFSE_ENVIRONMENTS[environment];
  const now = options.now ?? (() => new Date());
  let faults: NfseStandInFaults = {};
  let draw = seeded(0);
  const setFaults = (next: NfseStandInFaults) => {
    faults = { ...next };
    draw = seeded(next.seed ?? 1);
  };
  setFaults(options.faults ?? {});

  const byDpsId = new Map<string, StandInNfse>();
  /** Provider + series + number: a number is used once per provider and series. */
  const byNumber = new Map<string, StandInNfse>();
  /** Series, number, issuing city and provider: what E0014 holds unique. */
  const numberKey = (dps: { providerCnpj: string; series: string; number: string; cityIbgeCode: string }) =>
    `${dps.providerCnpj}|${dps.cityIbgeCode}|${dps.series.padStart(5, '0')}|${dps.number}`;
  const byKey = new Map<string, StandInNfse>();
  const nfseCounters = new Map<string, number>();
  let documentCounter = 0;
  const stateFile = options.stateFile;
  const restored = stateFile ? readState(stateFile) : undefined;
  if (restored) {
    documentCounter = restored.documentCounter;
    for (const [cnpj, counter] of Object.entries(restored.nfseCounters)) nfseCounters.set(cnpj, counter);
    for (const { numberKey: usedNumber, ...nfse } of restored.nfses) {
      byDpsId.set(nfse.dpsId, nfse);
      byNumber.set(usedNumber, nfse);
      byKey.set(nfse.accessKey, nfse);
    }
  } else if (stateFile) {
    mkdirSync(dirname(stateFile), { recursive: true });
  }
  /** The records to the state file, before the answer that reports the change leaves. */
  const persist = () => {
    if (!stateFile) return;
    writeState(stateFile, {
      version: 1,
      documentCounter,
      nfseCounters: Object.fromEntries(nfseCounters),
      nfses: [...byNumber].map(([usedNumber, nfse]) => ({ numberKey: usedNumber, ...nfse })),
    } satisfies PersistedState);
  };
  const stats: StandInStats = {
    emissions: 0,
    issued: 0,
    repeated: 0,
    refused: 0,
    dropped: 0,
    slow: 0,
    unavailable: 0,
    duplicateDeliveries: 0,
    lookups: 0,
    events: 0,
  };

  const envelope = () => ({
    tipoAmbiente: Number(tpAmb),
    versaoAplicativo: STAND_IN_APP_VERSION,
    dataHoraProcessamento: saoPauloDateTime(now()),
  });

  const registry = (cnpj: string, certificatePem: string): RegistryEntry =>
    options.registry?.(cnpj) ?? {
      name: certificateCommonName(certificatePem).replace(/:\d{14}$/, '') || `Prestador ${cnpj}`,
      address: { street: 'Rua do Cadastro Nacional (simulado)', number: '100', district: 'Centro', postalCode: '01001000' },
    };

  const acceptedAlgorithms = options.signatureAlgorithms ?? [DEFAULT_SIGNATURE_ALGORITHM];
  const cityParameters = (code: string): CityParameters | undefined =>
    options.cityParameters ? options.cityParameters(code) : municipality(code) ? { active: true, specialRegimes: [] } : undefined;

  /**
   * Unpacks, validates against the layout 1.01 schema (Signature included) and checks the signature: there (E0717),
   * valid with an accepted algorithm (E0714), by a certificate of the author's CNPJ (E0718). Answers the XML.
   */
  function openSigned(packed: unknown, schema: NfseSchema, element: SignedElement, authorOf: (xml: string) => string) {
    if (typeof packed !== 'string' || !packed) throw new Refusal('E1226', 'O documento compactado não foi informado.');
    let xml: string;
    try {
      xml = unpackXml(packed);
    } catch (error) {
      throw new Refusal('E1226', error instanceof Error ? error.message : undefined);
    }
    const validation = validateAgainst(schema, xml);
    if (!validation.ok) {
      throw new Refusal('E1235', validation.issues.map((issue) => issue.technical).join(' | '));
    }
    if (!/<(?:\w+:)?Signature[\s>]/.test(xml)) throw new Refusal('E0717');
    const signature = verifySignedXml(xml, element, acceptedAlgorithms);
    if (!signature.ok) throw new Refusal('E0714', signature.message);
    const author = authorOf(xml);
    const signerCnpj = certificateCnpj(signature.certificatePem);
    if (!signerCnpj || signerCnpj !== author) {
      throw new Refusal('E0718', `Certificado da assinatura do CNPJ ${signerCnpj ?? '(nenhum)'}; emitente ${author}.`);
    }
    return { xml, signerPem: signature.certificatePem };
  }
  const dpsAuthor = (xml: string) => readDps(xml).providerCnpj;
  const eventAuthor = (xml: string) => readPedRegEvento(xml).authorCnpj;

  function issue(signedDpsXml: string, signerPem: string): { nfse: StandInNfse; repeated: boolean } {
    const dps = readDps(signedDpsXml);
    const known = byNumber.get(numberKey(dps));
    if (known?.signedDpsXml === signedDpsXml) return { nfse: known, repeated: true };
    const facts = readDpsFacts(signedDpsXml)!;
    const violations = checkDpsRules(facts, {
      environment,
      now: now(),
      isMunicipality: (code) => municipality(code) !== undefined,
      city: cityParameters,
      numberUsedByAnother: () => known !== undefined,
      nfse: (key) => {
        const found = byKey.get(key);
        return (
          found && {
            cancelled: found.events.some((event) => event.type === '101101' || event.type === '105102'),
            dps: readDpsFacts(found.signedDpsXml) ?? undefined,
          }
        );
      },
    });
    if (violations.length) throw ruleRefusal(violations);
    const service = nationalService(dps.nationalCode)!;

    const processed = now();
    const processedAt = saoPauloDateTime(processed);
    const number = (nfseCounters.get(dps.providerCnpj) ?? 0) + 1;
    nfseCounters.set(dps.providerCnpj, number);
    documentCounter += 1;
    const key = accessKey({
      cityIbgeCode: dps.cityIbgeCode,
      issuingEnvironment: '2',
      inscriptionType: 'cnpj',
      inscription: dps.providerCnpj,
      nfseNumber: String(number),
      yearMonth: processedAt.slice(2, 4) + processedAt.slice(5, 7),
      numericCode: String(randomInt(1, 1_000_000_000)),
    });
    const issuer = registry(dps.providerCnpj, signerPem);
    const city = municipality(dps.cityIbgeCode);
    const place = municipality(dps.placeIbgeCode);
    const serviceCents = cents(dps.serviceValue);
    const issCents = dps.issRate === undefined ? undefined : Math.round((serviceCents * Number(dps.issRate)) / 100);
    const withheldCents = dps.issWithheld && issCents !== undefined ? issCents : 0;
    const infNFSe = {
      '@Id': `NFS${key}`,
      xLocEmi: city?.name ?? dps.cityIbgeCode,
      xLocPrestacao: place?.name ?? dps.placeIbgeCode,
      nNFSe: String(number),
      cLocIncid: dps.placeIbgeCode,
      xLocIncid: place?.name ?? dps.placeIbgeCode,
      xTribNac: service.description.slice(0, 600),
      verAplic: STAND_IN_APP_VERSION,
      ambGer: '2',
      tpEmis: '1',
      procEmi: '1',
      cStat: '100',
      dhProc: processedAt,
      nDFSe: String(documentCounter),
      emit: {
        CNPJ: dps.providerCnpj,
        ...(dps.municipalRegistration ? { IM: dps.municipalRegistration } : {}),
        xNome: issuer.name.slice(0, 300),
        enderNac: {
          xLgr: issuer.address.street,
          nro: issuer.address.number,
          xBairro: issuer.address.district,
          cMun: dps.cityIbgeCode,
          UF: city?.state ?? 'SP',
          CEP: issuer.address.postalCode,
        },
      },
      valores: {
        ...(issCents !== undefined
          ? { vBC: decimalValue(serviceCents), pAliqAplic: Number(dps.issRate).toFixed(2), vISSQN: decimalValue(issCents) }
          : {}),
        ...(withheldCents ? { vTotalRet: decimalValue(withheldCents) } : {}),
        vLiq: decimalValue(serviceCents - withheldCents),
      },
      DPS: 'DPS_PLACEHOLDER',
    };
    const unsigned = create({ version: '1.0', encoding: 'UTF-8' })
      .ele(NFSE_NAMESPACE, 'NFSe', { versao: NFSE_LAYOUT_VERSION })
      .ele({ infNFSe })
      .doc()
      .end({ prettyPrint: false })
      // The provider's signed DPS goes in byte for byte: re-serialising it could break its signature.
      .replace('<DPS>DPS_PLACEHOLDER</DPS>', withoutDeclaration(signedDpsXml));
    const nfseXml = signXml(unsigned, 'infNFSe', signer);
    const nfse: StandInNfse = {
      accessKey: key,
      number: String(number),
      dpsId: dps.id,
      providerCnpj: dps.providerCnpj,
      signedDpsXml,
      nfseXml,
      processedAt,
      events: [],
    };
    byDpsId.set(dps.id, nfse);
    byNumber.set(numberKey(dps), nfse);
    byKey.set(key, nfse);
    if (facts.subst) substituted(byKey.get(facts.subst.chSubstda)!, nfse, facts.subst, processed);
    persist();
    stats.issued += 1;
    return { nfse, repeated: false };
  }

  /**
   * The replaced NFS-e's event 105102, registered by the national system itself as it issues the substitute (the
   * rules above made sure the replaced one exists and is not cancelled). Its request names the provider as author,
   * the reason of the DPS's `subst` and the substitute's key; the system signs it, as it signs what it issues.
   */
  function substituted(replaced: StandInNfse, substitute: StandInNfse, subst: NonNullable<DpsFacts['subst']>, at: Date) {
    const request = buildSubstitutionEventXml({
      accessKey: replaced.accessKey,
      authorCnpj: replaced.providerCnpj,
      reasonCode: subst.cMotivo as SubstitutionReasonCode,
      reason: subst.xMotivo ?? '',
      replacementKey: substitute.accessKey,
      environment,
      requestedAt: at,
      appVersion: STAND_IN_APP_VERSION,
    });
    recordEvent(replaced, SUBSTITUTION_EVENT_TYPE, signXml(request.xml, 'infPedReg', signer));
  }

  /** An event on an NFS-e: the request embedded byte for byte, numbered, signed by the national system. */
  function recordEvent(nfse: StandInNfse, type: string, signedRequestXml: string) {
    documentCounter += 1;
    const sequence = nfse.events.filter((event) => event.type === type).length + 1;
    const unsigned = create({ version: '1.0', encoding: 'UTF-8' })
      .ele(NFSE_NAMESPACE, 'evento', { versao: NFSE_LAYOUT_VERSION })
      .ele({
        infEvento: {
          '@Id': `EVT${nfse.accessKey}${type}${String(sequence).padStart(3, '0')}`,
          verAplic: STAND_IN_APP_VERSION,
          ambGer: '2',
          nSeqEvento: String(sequence),
          dhProc: saoPauloDateTime(now()),
          nDFSe: String(documentCounter),
          pedRegEvento: 'PEDIDO_PLACEHOLDER',
        },
      })
      .doc()
      .end({ prettyPrint: false })
      .replace('<pedRegEvento>PEDIDO_PLACEHOLDER</pedRegEvento>', withoutDeclaration(signedRequestXml));
    const event = { type, sequence, signedRequestXml, eventXml: signXml(unsigned, 'infEvento', signer) };
    nfse.events.push(event);
    stats.events += 1;
    return event;
  }

  function registerEvent(key: string, packed: unknown, clientPem: string) {
    const { xml: signedRequestXml } = openSigned(packed, 'pedRegEvento', 'infPedReg', eventAuthor);
    const request = readPedRegEvento(signedRequestXml);
    const nfse = byKey.get(key);
    if (!nfse || request.accessKey !== key) throw new Refusal('E0840', `chNFSe ${request.accessKey}.`, 404);
    const clientCnpj = certificateCnpj(clientPem);
    if (request.authorCnpj !== nfse.providerCnpj || clientCnpj !== nfse.providerCnpj) {
      throw new Refusal('E0842', `Autor ${request.authorCnpj}; emitente ${nfse.providerCnpj}.`, 403);
    }
    const same = nfse.events.find((event) => event.signedRequestXml === signedRequestXml);
    if (same) return same;
    // The substitution the national system registered when it issued that substitute: the provider's request for it
    // comes to that same event.
    const bySubstitution = nfse.events.find(
      (event) =>
        request.type === SUBSTITUTION_EVENT_TYPE &&
        event.type === SUBSTITUTION_EVENT_TYPE &&
        readPedRegEvento(event.signedRequestXml).replacementKey === request.replacementKey,
    );
    if (bySubstitution) return bySubstitution;
    if (nfse.events.some((event) => event.type === '101101' || event.type === '105102')) {
      throw new Refusal('E0841', `NFS-e ${key}.`, 409);
    }
    const event = recordEvent(nfse, request.type, signedRequestXml);
    persist();
    return event;
  }

  const emissionAnswer = (nfse: StandInNfse) => ({
    ...envelope(),
    idDps: nfse.dpsId,
    chaveAcesso: nfse.accessKey,
    nfseXmlGZipB64: packXml(nfse.nfseXml),
    alertas: [] as ErrorItem[],
  });

  function send(res: ServerResponse, status: number, body?: unknown) {
    if (res.destroyed) return;
    const payload = body === undefined ? '' : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(payload) });
    res.end(payload);
  }

  const refusalBody = (refusal: Refusal, extra: Record<string, unknown> = {}) => ({
    ...envelope(),
    ...extra,
    erros: refusal.items,
  });

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 2 * 1024 * 1024) throw new Refusal('E1226', 'A requisição passa de 2 MB.', 413);
      chunks.push(chunk as Buffer);
    }
    try {
      const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>;
    } catch {
      // answered below
    }
    throw new Refusal('E1226', 'O corpo da requisição não é JSON.');
  }

  /**
   * ADN Parâmetros Municipais, in the shapes of its Swagger (api-specs/ADN-Parametros-Municipais.json): the agreement
   * (`parametrosConvenio.aderenteAmbienteNacional` 1 or 0; 404 for a code that is no municipality), the service's rate
   * that month (`aliquotas[cServ][]`, when the city has one) and its special regimes (`regimesEspeciais[cServ][regime]`,
   * `situacao` 1 (permitted) for each admitted one, 2 (forbidden) for the others: see docs/nfse.md).
   */
  function answerParameters(res: ServerResponse, path: string) {
    const parts = path.split('/').filter(Boolean);
    const city = parts[0] ?? '';
    const parameters = /^\d{7}$/.test(city) ? cityParameters(city) : undefined;
    if (!parameters) return send(res, 404, { mensagem: `Município ${city} não encontrado.` });
    if (parts.length === 2 && parts[1] === 'convenio') {
      return send(res, 200, {
        mensagem: null,
        parametrosConvenio: {
          tipoConvenioDeserializationSetter: 1,
          aderenteAmbienteNacional: parameters.active ? 1 : 0,
          aderenteEmissorNacional: parameters.active ? 1 : 0,
          situacaoEmissaoPadraoContribuintesRFB: 1,
          aderenteMAN: 0,
          permiteAproveitametoDeCreditos: false,
        },
      });
    }
    const service = parts[1] ?? '';
    const start = `${(parts[2] ?? '2026-01-01').slice(0, 4)}-01-01T00:00:00`;
    if (parts.length === 4 && parts[3] === 'aliquota') {
      const rates =
        parameters.rate === undefined ? [] : [{ Incidencia: 'Municipal', Aliq: parameters.rate, DtIni: start, DtFim: null }];
      return send(res, rates.length ? 200 : 404, {
        mensagem: rates.length ? null : 'Alíquota não parametrizada.',
        aliquotas: { [service]: rates },
      });
    }
    if (parts.length === 4 && parts[3] === 'regimes_especiais') {
      // Every regime the layout has (regEspTrib 1–6): the admitted ones permitted (1), the others forbidden (2).
      const admitted = parameters.specialRegimes ?? [];
      const regimes = Object.fromEntries(
        ['1', '2', '3', '4', '5', '6'].map((code) => [
          code,
          [{ situacao: admitted.includes(code) ? 1 : 2, dataInicio: start, dataFim: null, observacoes: null }],
        ]),
      );
      return send(res, 200, { mensagem: null, regimesEspeciais: { [service]: regimes } });
    }
    return send(res, 404, { mensagem: 'Recurso não encontrado.' });
  }

  const lookupFault = () => (faults.lookupUnavailable ?? 0) > 0 && draw() < faults.lookupUnavailable!;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const socket = req.socket as TLSSocket;
    const peer = socket.getPeerX509Certificate();
    if (!peer || !socket.authorized) {
      send(res, 403, refusalBody(new Refusal('E0201', 'Conexão sem certificado de cliente válido.', 403)));
      return;
    }
    const clientPem = peer.toString();
    const url = new URL(req.url ?? '/', 'https://stand-in');
    if (req.method === 'GET' && url.pathname.startsWith(`${STAND_IN_PARAMETERS_PATH}/`)) {
      answerParameters(res, url.pathname.slice(STAND_IN_PARAMETERS_PATH.length));
      return;
    }
    const path = url.pathname.startsWith(STAND_IN_BASE_PATH) ? url.pathname.slice(STAND_IN_BASE_PATH.length) : null;
    let match: RegExpExecArray | null;
    try {
      if (req.method === 'POST' && path === '/nfse') {
        stats.emissions += 1;
        const roll = draw();
        const unavailable = faults.unavailable ?? 0;
        const drop = faults.commitThenDrop ?? 0;
        const slow = faults.slow ?? 0;
        const body = await readJson(req);
        if (roll < unavailable) {
          stats.unavailable += 1;
          send(res, 503, { ...envelope(), mensagem: 'Serviço indisponível.' });
          return;
        }
        let signedDps: string;
        let dpsId: string | undefined;
        let result: { nfse: StandInNfse; repeated: boolean };
        try {
          const opened = openSigned(body.dpsXmlGZipB64, 'dps', 'infDPS', dpsAuthor);
          signedDps = opened.xml;
          dpsId = readDps(signedDps).id;
          result = issue(signedDps, opened.signerPem);
          if ((faults.duplicateDelivery ?? 0) > 0 && draw() < faults.duplicateDelivery!) {
            // The same request arrives again: it must come to the same NFS-e.
            stats.duplicateDeliveries += 1;
            stats.emissions += 1;
            const again = openSigned(body.dpsXmlGZipB64, 'dps', 'infDPS', dpsAuthor);
            result = issue(again.xml, again.signerPem);
          }
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          stats.refused += 1;
          send(res, error.status, refusalBody(error, dpsId ? { idDPS: dpsId } : {}));
          return;
        }
        if (result.repeated) stats.repeated += 1;
        if (roll < unavailable + drop) {
          stats.dropped += 1;
          socket.destroy();
          return;
        }
        if (roll < unavailable + drop + slow) {
          stats.slow += 1;
          await new Promise((resolve) => setTimeout(resolve, faults.slowMs ?? 2_000));
        }
        send(res, 201, emissionAnswer(result.nfse));
        return;
      }
      if ((req.method === 'GET' || req.method === 'HEAD') && path && (match = /^\/dps\/([A-Z0-9]+)$/.exec(path))) {
        stats.lookups += 1;
        if (lookupFault()) return send(res, 503, { ...envelope(), mensagem: 'Serviço indisponível.' });
        const id = match[1]!;
        const parts = parseDpsId(id);
        if (!parts) throw new Refusal('E1235', `Id de DPS inválido: ${id}.`);
        if (certificateCnpj(clientPem) !== parts.inscription) throw new Refusal('E0201', undefined, 403);
        const nfse = byDpsId.get(id);
        if (!nfse)
          return send(res, 404, req.method === 'HEAD' ? undefined : { ...envelope(), idDps: id, erro: 'DPS não encontrada.' });
        return send(res, 200, req.method === 'HEAD' ? undefined : { ...envelope(), idDps: id, chaveAcesso: nfse.accessKey });
      }
      if (req.method === 'GET' && path && (match = /^\/nfse\/(\d{50})$/.exec(path))) {
        stats.lookups += 1;
        if (lookupFault()) return send(res, 503, { ...envelope(), mensagem: 'Serviço indisponível.' });
        const nfse = byKey.get(match[1]!);
        if (!nfse || certificateCnpj(clientPem) !== nfse.providerCnpj) throw new Refusal('E0840', undefined, 404);
        return send(res, 200, { ...envelope(), chaveAcesso: nfse.accessKey, nfseXmlGZipB64: packXml(nfse.nfseXml) });
      }
      if (req.method === 'POST' && path && (match = /^\/nfse\/(\d{50})\/eventos$/.exec(path))) {
        const body = await readJson(req);
        const event = registerEvent(match[1]!, body.pedidoRegistroEventoXmlGZipB64, clientPem);
        return send(res, 201, { ...envelope(), eventoXmlGZipB64: packXml(event.eventXml) });
      }
      if (req.method === 'GET' && path && (match = /^\/nfse\/(\d{50})\/eventos$/.exec(path))) {
        const nfse = byKey.get(match[1]!);
        if (!nfse || certificateCnpj(clientPem) !== nfse.providerCnpj) throw new Refusal('E0840', undefined, 404);
        return send(res, 200, {
          ...envelope(),
          eventos: nfse.events.map((event) => ({ eventoXmlGZipB64: packXml(event.eventXml) })),
        });
      }
      send(res, 404, { ...envelope(), mensagem: 'Recurso não encontrado.' });
    } catch (error) {
      if (error instanceof Refusal) {
        stats.refused += 1;
        send(res, error.status, refusalBody(error));
        return;
      }
      send(res, 500, { ...envelope(), mensagem: error instanceof Error ? error.message : 'Erro interno.' });
    }
  }

  return {
    handle,
    ca,
    issueCompanyCertificate: ({ cnpj, companyName, password = 'senha-a1' }) =>
      issueA1Certificate(ca, { cnpj, companyName, password }),
    setFaults,
    stats: () => ({ ...stats }),
    nfses: () => [...byKey.values()],
  };
}

export async function startNfseNacionalStandIn(options: NfseStandInOptions = {}): Promise<NfseStandIn> {
  const ca = options.ca ?? createTestCa();
  const { tls, signer } = options.keys ?? issueStandInKeys(ca);
  const standIn = createNfseStandInHandler({ ...options, ca, signer });
  const listening = await listenStandIn(
    { tls, caCertificatePem: ca.certificatePem, host: options.host, port: options.port },
    standIn.handle,
  );
  return { ...standIn, ...listening, caCertificatePem: ca.certificatePem };
}
