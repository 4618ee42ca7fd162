/**
 * The steps before sending, in the order the emission machine runs them (preparing → validating → signing):
 * build the DPS from the request and the profile, validate it against the XSD, sign it, pack it for the API.
 */
import type { DpsContext } from './dps';
import { buildDpsFromRequest } from './dps';
import { emissionRequestBody } from './package';
import type { SigningCredentials } from './signature';
import { signDps } from './signature';
import type { XsdIssue } from './xsd';
import { validateDpsXml } from './xsd';

/** The DPS broke the national layout: each issue names the field in Portuguese. Nothing was signed or sent. */
export class DpsValidationError extends Error {
  constructor(
    message: string,
    readonly issues: XsdIssue[],
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

export function prepareSignedDps(context: DpsContext, credentials: SigningCredentials): PreparedDps {
  const { id, xml } = buildDpsFromRequest(context);
  const validation = validateDpsXml(xml);
  if (!validation.ok) throw new DpsValidationError(validation.message, validation.issues);
  const signedXml = signDps(xml, credentials);
  return { id, unsignedXml: xml, signedXml, body: emissionRequestBody(signedXml) };
}
