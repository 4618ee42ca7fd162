/**
 * The steps before sending, in the order the emission machine runs them (preparing → validating → signing):
 * build the DPS from the request and the profile, check it against the schema and the official rules, sign it, pack
 * it for the API.
 */
import type { DpsIssue } from '@domain/nfseEmission';
import type { DpsContext } from './dps';
import { buildDpsFromRequest } from './dps';
import { emissionRequestBody } from './package';
import type { SignatureAlgorithmName, SigningCredentials } from './signature';
import { signDps } from './signature';
import { validateDpsBeforeSending } from './validate';

/** The DPS broke the national layout: each issue names the field in Portuguese. Nothing was signed or sent. */
export class DpsValidationError extends Error {
  constructor(
    message: string,
    readonly issues: DpsIssue[],
  ) {
    super(message);
    this.name = 'DpsValidationError';
  }
}

export type PreparedDps = {
  id: string;
  /** What the team is shown before sending. */
  unsignedXml: string;
  signedXml: string;
  /** The JSON body of `POST /nfse`. */
  body: { dpsXmlGZipB64: string };
};

export function prepareSignedDps(
  context: DpsContext,
  credentials: SigningCredentials,
  algorithm?: SignatureAlgorithmName,
): PreparedDps {
  const { id, xml } = buildDpsFromRequest(context);
  const validation = validateDpsBeforeSending(xml, {
    environment: context.environment,
    now: context.issuedAt,
    city: context.city,
  });
  if (!validation.ok) throw new DpsValidationError(validation.message, validation.issues);
  const signedXml = signDps(xml, credentials, algorithm);
  return { id, unsignedXml: xml, signedXml, body: emissionRequestBody(signedXml) };
}
