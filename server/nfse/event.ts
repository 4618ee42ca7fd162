/**
 * The cancellation of an NFS-e: a request to register event 101101 (`pedRegEvento`, national layout 1.00), built
 * with xmlbuilder2, validated against its XSD before it is signed (XML-DSig over `infPedReg`, as the DPS), and
 * packed for `POST /nfse/{chaveAcesso}/eventos`.
 */
import { create } from 'xmlbuilder2';
import type { CancellationReasonCode } from '@domain/nfseEmission';
import {
  CANCELLATION_MESSAGES,
  CANCELLATION_REASON_CODES,
  CANCELLATION_REASON_MAX,
  CANCELLATION_REASON_MIN,
} from '@domain/nfseEmission';
import type { NfseEnvironment } from '@domain/nfseNacional';
import { NFSE_ENVIRONMENTS, isAccessKey } from '@domain/nfseNacional';
import { DPS_APP_VERSION, NFSE_LAYOUT_VERSION, NFSE_NAMESPACE, layoutText, saoPauloDateTime } from './dps';
import { packXml } from './package';
import type { SigningCredentials } from './signature';
import { signXml } from './signature';
import type { XsdIssue } from './xsd';
import { validatePedRegEventoXml } from './xsd';

export const CANCELLATION_EVENT_TYPE = '101101';
/** `xDesc` of event 101101, fixed by the XSD. */
export const CANCELLATION_DESCRIPTION = 'Cancelamento de NFS-e';

export type CancellationRequest = {
  accessKey: string;
  /** The provider's CNPJ: only the issuer cancels. */
  authorCnpj: string;
  reasonCode: CancellationReasonCode;
  /** Why, in the team's words: 15 to 255 characters (domain/nfseEmission.ts's rule, checked again once made Latin-1). */
  reason: string;
  environment: NfseEnvironment;
  requestedAt: Date;
  /** `nPedRegEvento`: the request's number for this NFS-e and event type (1 unless a cancellation was asked before). */
  sequence?: number;
  appVersion?: string;
};

/** The request cannot become an event as it is: the message says what to fix, in Portuguese. */
export class EventBuildError extends Error {
  constructor(
    readonly field: string,
    message: string,
    readonly issues: XsdIssue[] = [],
  ) {
    super(message);
    this.name = 'EventBuildError';
  }
}

/** `infPedReg/@Id` (62 characters): "PRE" + access key (50) + event type (6) + request number (3). */
export function pedRegEventoId(accessKey: string, eventType: string, sequence: number): string {
  return `PRE${accessKey}${eventType}${String(sequence).padStart(3, '0')}`;
}

/** The unsigned cancellation request and its id. */
export function buildCancellationXml(request: CancellationRequest): { id: string; xml: string } {
  if (!isAccessKey(request.accessKey)) throw new EventBuildError('accessKey', 'A chave de acesso da NFS-e deve ter 50 dígitos.');
  const reason = layoutText(request.reason);
  if (reason.length < CANCELLATION_REASON_MIN) throw new EventBuildError('reason', CANCELLATION_MESSAGES.reasonTooShort);
  if (reason.length > CANCELLATION_REASON_MAX) throw new EventBuildError('reason', CANCELLATION_MESSAGES.reasonTooLong);
  if (!Object.hasOwn(CANCELLATION_REASON_CODES, request.reasonCode)) {
    throw new EventBuildError('reasonCode', CANCELLATION_MESSAGES.reasonCode);
  }
  const sequence = request.sequence ?? 1;
  const id = pedRegEventoId(request.accessKey, CANCELLATION_EVENT_TYPE, sequence);
  const xml = create({ version: '1.0', encoding: 'UTF-8' })
    .ele(NFSE_NAMESPACE, 'pedRegEvento', { versao: NFSE_LAYOUT_VERSION })
    .ele({
      infPedReg: {
        '@Id': id,
        tpAmb: NFSE_ENVIRONMENTS[request.environment],
        verAplic: request.appVersion ?? DPS_APP_VERSION,
        dhEvento: saoPauloDateTime(request.requestedAt),
        CNPJAutor: request.authorCnpj,
        chNFSe: request.accessKey,
        nPedRegEvento: String(sequence),
        e101101: { xDesc: CANCELLATION_DESCRIPTION, cMotivo: request.reasonCode, xMotivo: reason },
      },
    })
    .doc()
    .end({ prettyPrint: false });
  return { id, xml };
}

export type PreparedEvent = {
  id: string;
  unsignedXml: string;
  signedXml: string;
  /** The JSON body of `POST /nfse/{chaveAcesso}/eventos`. */
  body: { pedidoRegistroEventoXmlGZipB64: string };
};

/** Build → validate against pedRegEvento_v1.00.xsd (stops, nothing signed, naming the field) → sign → pack. */
export function prepareSignedCancellation(request: CancellationRequest, credentials: SigningCredentials): PreparedEvent {
  const { id, xml } = buildCancellationXml(request);
  const validation = validatePedRegEventoXml(xml);
  if (!validation.ok) throw new EventBuildError('xml', validation.message, validation.issues);
  const signedXml = signXml(xml, 'infPedReg', credentials);
  return { id, unsignedXml: xml, signedXml, body: { pedidoRegistroEventoXmlGZipB64: packXml(signedXml) } };
}
