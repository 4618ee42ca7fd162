/**
 * What the steps of an NFS-e emission hand each other (machines/nfseEmission.machine.ts runs them; the server's
 * builder, validator, signer and national API client produce them).
 */
import type { ExplainedNationalError } from './nfseErrors';

/** A field of the DPS the national layout refused, named in Portuguese (server/nfse/xsd.ts's issues). */
export interface DpsIssue {
  path: string;
  field: string;
  message: string;
}

/** The DPS as built, before signing. */
export interface BuiltDps {
  id: string;
  xml: string;
}

/** The DPS ready to travel: signed, and packed as `POST /nfse` takes it. */
export interface SignedDps {
  id: string;
  signedXml: string;
  body: { dpsXmlGZipB64: string };
}

/** The NFS-e the national system issued for the DPS. */
export interface IssuedNfse {
  accessKey: string;
  /** The NFS-e number (`nNFSe`). */
  number: string;
  /** The signed NFS-e XML, as the national system returned it. */
  xml: string;
}

export type ValidationOutcome = { ok: true } | { ok: false; message: string; issues: DpsIssue[] };

/** What sending the DPS came to. */
export type SendOutcome =
  | { outcome: 'issued'; nfse: IssuedNfse }
  | { outcome: 'rejected'; errors: ExplainedNationalError[] }
  /** No answer to trust: a timeout, a dropped connection, a 5xx. The DPS may or may not have become an NFS-e. */
  | { outcome: 'uncertain'; reason: string };

/** What looking the DPS up by its id came to. */
export type LookupOutcome =
  | { outcome: 'found'; nfse: IssuedNfse }
  | { outcome: 'notFound' }
  /** The national system could not say (a timeout, a 5xx). */
  | { outcome: 'uncertain'; reason: string };
