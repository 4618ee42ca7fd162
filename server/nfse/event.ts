/**
 * Events on an NFS-e: a request to register event 101101 (cancellation) or 105102 (cancellation by substitution,
 * naming the NFS-e that replaces it) — `pedRegEvento`, national layout 1.01 — built with xmlbuilder2, validated
 * against its XSD before it is signed (XML-DSig over `infPedReg`, as the DPS), and packed for
 * `POST /nfse/{chaveAcesso}/eventos`.
 */
import { create } from 'xmlbuilder2';
import type { CancellationReasonCode, SubstitutionReasonCode } from '@domain/nfseEmission';
import {
  SUBSTITUTION_REASON_CODES,
  CANCELLATION_MESSAGES,
  CANCELLATION_REASON_CODES,
  CANCELLATION_REASON_MAX,
  CANCELLATION_REASON_MIN,
} from '@domain/nfseEmission';
import type { NfseEnvironment } from '@domain/nfseNacional';
import { NFSE_ENVIRONMENTS, isAccessKey } from '@domain/nfseNacional';
import { DPS_APP_VERSION, NFSE_LAYOUT_VERSION, NFSE_NAMESPACE, layoutText, saoPauloDateTime } from './dps';
import { packXml } from './package';
import type { SignatureAlgorithmName, SigningCredentials } from './signature';
import { signXml } from './signature';
import type { XsdIssue } from './xsd';
import { validatePedRegEventoXml } from './xsd';

export const CANCELLATION_EVENT_TYPE = '101101';
/** `xDesc` of event 101101, fixed by the XSD. */
export const CANCELLATION_DESCRIPTION = 'Cancelamento de NFS-e';
export const SUBSTITUTION_EVENT_TYPE = '105102';
/** `xDesc` of event 105102, fixed by the XSD. */
export const SUBSTITUTION_DESCRIPTION = 'Cancelamento de NFS-e por Substituição';

export type CancellationRequest = {
  accessKey: string;
  /** The provider's CNPJ: only the issuer cancels. */
  authorCnpj: string;
  reasonCode: CancellationReasonCode;
  /** Why, in the team's words: 15 to 255 characters (domain/nfseEmission.ts's rule, checked again once made Latin-1). */
  reason: string;
  environment: NfseEnvironment;
  requestedAt: Date;
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

/** `infPedReg/@Id` (59 characters, layout 1.01): "PRE" + access key (50) + event type (6). */
export function pedRegEventoId(accessKey: string, eventType: string): string {
  return `PRE${accessKey}${eventType}`;
}

/** The reason as the layout takes it (Latin-1, trimmed), 15 to 255 characters when required, at most 255 otherwise. */
function eventReason(text: string, required: boolean): string {
  const reason = layoutText(text);
  if (required && reason.length < CANCELLATION_REASON_MIN)
    throw new EventBuildError('reason', CANCELLATION_MESSAGES.reasonTooShort);
  if (reason.length > CANCELLATION_REASON_MAX) throw new EventBuildError('reason', CANCELLATION_MESSAGES.reasonTooLong);
  return reason;
}

/**
 * A pedRegEvento around one event's detail (`e101101`, `e105102`: the element is the event type's code), with what
 * every event says: its id, environment, application, time, author and the NFS-e's key.
 */
function eventXml(
  request: Omit<CancellationRequest, 'reasonCode' | 'reason'>,
  eventType: string,
  detail: Record<string, string>,
): { id: string; xml: string } {
  const id = pedRegEventoId(request.accessKey, eventType);
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
        [`e${eventType}`]: detail,
      },
    })
    .doc()
    .end({ prettyPrint: false });
  return { id, xml };
}

/** The unsigned cancellation request and its id. */
export function buildCancellationXml(request: CancellationRequest): { id: string; xml: string } {
  if (!isAccessKey(request.accessKey))
    throw new EventBuildError('accessKey', 'A chave de acesso da NFS-e deve ter 50 caracteres.');
  const reason = eventReason(request.reason, true);
  if (!Object.hasOwn(CANCELLATION_REASON_CODES, request.reasonCode)) {
    throw new EventBuildError('reasonCode', CANCELLATION_MESSAGES.reasonCode);
  }
  return eventXml(request, CANCELLATION_EVENT_TYPE, {
    xDesc: CANCELLATION_DESCRIPTION,
    cMotivo: request.reasonCode,
    xMotivo: reason,
  });
}

export type PreparedEvent = {
  id: string;
  unsignedXml: string;
  signedXml: string;
  /** The JSON body of `POST /nfse/{chaveAcesso}/eventos`. */
  body: { pedidoRegistroEventoXmlGZipB64: string };
};

/** Substitution reasons (`cMotivo` of e105102 and of the DPS's `subst`, TSCodJustSubst): domain/nfseEmission.ts. */
export { SUBSTITUTION_REASON_CODES };
export type { SubstitutionReasonCode };

export type SubstitutionEventRequest = Omit<CancellationRequest, 'reasonCode'> & {
  reasonCode: SubstitutionReasonCode;
  /** The access key of the NFS-e that replaces this one. */
  replacementKey: string;
};

/** The unsigned cancellation-by-substitution request (e105102) and its id. */
export function buildSubstitutionEventXml(request: SubstitutionEventRequest): { id: string; xml: string } {
  if (!isAccessKey(request.accessKey) || !isAccessKey(request.replacementKey)) {
    throw new EventBuildError('accessKey', 'A chave de acesso da NFS-e deve ter 50 caracteres.');
  }
  if (!Object.hasOwn(SUBSTITUTION_REASON_CODES, request.reasonCode)) {
    throw new EventBuildError('reasonCode', 'Escolha o motivo da substituição.');
  }
  // The text is required only for "99 Outros" (rule E0078).
  const reason = eventReason(request.reason, request.reasonCode === '99');
  return eventXml(request, SUBSTITUTION_EVENT_TYPE, {
    xDesc: SUBSTITUTION_DESCRIPTION,
    cMotivo: request.reasonCode,
    ...(reason ? { xMotivo: reason } : {}),
    chSubstituta: request.replacementKey,
  });
}

/** Validate against pedRegEvento_v1.01.xsd (stops, nothing signed, naming the field) → sign → pack. */
function prepareSignedEvent(
  built: { id: string; xml: string },
  credentials: SigningCredentials,
  algorithm?: SignatureAlgorithmName,
): PreparedEvent {
  const validation = validatePedRegEventoXml(built.xml);
  if (!validation.ok) throw new EventBuildError('xml', validation.message, validation.issues);
  const signedXml = signXml(built.xml, 'infPedReg', credentials, algorithm);
  return { id: built.id, unsignedXml: built.xml, signedXml, body: { pedidoRegistroEventoXmlGZipB64: packXml(signedXml) } };
}

export const prepareSignedCancellation = (
  request: CancellationRequest,
  credentials: SigningCredentials,
  algorithm?: SignatureAlgorithmName,
) => prepareSignedEvent(buildCancellationXml(request), credentials, algorithm);

export const prepareSignedSubstitutionEvent = (
  request: SubstitutionEventRequest,
  credentials: SigningCredentials,
  algorithm?: SignatureAlgorithmName,
) => prepareSignedEvent(buildSubstitutionEventXml(request), credentials, algorithm);
