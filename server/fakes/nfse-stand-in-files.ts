/**
 * What the national NFS-e stand-in keeps under DATA_DIR — its CA, its TLS and signing certificates, its records, the
 * certificates it issued — read and written with Node's own crypto, and the mutual-TLS server it answers on. Apart
 * from the stand-in itself (nfse-nacional.ts, nfse-stand-in-ca.ts: libxml2, node-forge), so that `npm start` opens its
 * port and checks the demo's certificate without loading them (docs/performance.md, "Start and memory").
 */
import { X509Certificate, createPublicKey } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { IssuedA1, IssuedTls } from '../nfse/test-ca';

export const STAND_IN_CA_FILE = 'nfse-stand-in-ca.json';
export const STAND_IN_KEYS_FILE = 'nfse-stand-in-keys.json';
/** Where the server keeps the stand-in's records. */
export const STAND_IN_STATE_FILE = 'nfse-stand-in-state.json';
/** The fingerprints of the company certificates the CA issued (the demo's, kept sealed in the database). */
export const STAND_IN_ISSUED_FILE = 'nfse-stand-in-issued.json';

/** The base path of the API, as in the real base URLs (`https://sefin.nfse.gov.br/SefinNacional`). */
export const STAND_IN_BASE_PATH = '/SefinNacional';
/** ADN Parâmetros Municipais' base path (`https://adn.nfse.gov.br/parametrizacao`), served by the same stand-in. */
export const STAND_IN_PARAMETERS_PATH = '/parametrizacao';

/** The stand-in's own certificates: its TLS server's, and the one the national system signs what it issues with. */
export type StandInKeys = { tls: IssuedTls; signer: IssuedA1 };

/** One NFS-e the stand-in issued, as it keeps it. */
export type StandInNfse = {
  accessKey: string;
  number: string;
  dpsId: string;
  providerCnpj: string;
  signedDpsXml: string;
  nfseXml: string;
  processedAt: string;
  events: { type: string; sequence: number; signedRequestXml: string; eventXml: string }[];
};

/** The records kept in `stateFile`. */
export type PersistedState = {
  version: 1;
  documentCounter: number;
  nfseCounters: Record<string, number>;
  /** Each NFS-e with the provider + series + number its DPS used. */
  nfses: (StandInNfse & { numberKey: string })[];
};

export function readState(file: string): PersistedState | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const state = JSON.parse(readFileSync(file, 'utf8')) as PersistedState;
    if (state.version !== 1 || !Array.isArray(state.nfses)) throw new Error(`unknown version ${String(state.version)}`);
    return state;
  } catch (error) {
    // Never start afresh silently: numbers would be issued twice and earlier DPS forgotten.
    throw new Error(
      `The NFS-e stand-in's records in ${file} cannot be read (${error instanceof Error ? error.message : String(error)}); remove the file to start them afresh.`,
      { cause: error },
    );
  }
}

/** Written whole to a temporary file, then renamed over the old one: a stop mid-write leaves the previous records. */
export function writeState(file: string, state: object) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(state), { mode: 0o600 });
  renameSync(temporary, file);
}

const MONTH_MS = 30 * 24 * 3_600_000;
const validForAMonth = (certificatePem: string) =>
  new Date(new X509Certificate(certificatePem).validTo).getTime() > Date.now() + MONTH_MS;

/** The CA kept in `dataDir` (PEM), when it reads and stays valid for a month. */
export function readKeptCa(dataDir: string): { certificatePem: string; privateKeyPem: string } | undefined {
  const file = join(dataDir, STAND_IN_CA_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const { certificatePem, privateKeyPem } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    if (certificatePem && privateKeyPem && validForAMonth(certificatePem)) return { certificatePem, privateKeyPem };
  } catch {
    // Unreadable: none kept.
  }
  return undefined;
}

/** Writes the CA to `dataDir` (readable by this user only). */
export function keepCa(dataDir: string, ca: { certificatePem: string; privateKeyPem: string }) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    join(dataDir, STAND_IN_CA_FILE),
    JSON.stringify({ certificatePem: ca.certificatePem, privateKeyPem: ca.privateKeyPem }),
    { mode: 0o600 },
  );
}

/** Whether the certificate (PEM) was issued and signed by this CA. */
export function issuedBy(certificatePem: string, ca: { certificatePem: string }): boolean {
  try {
    const certificate = new X509Certificate(certificatePem);
    const authority = new X509Certificate(ca.certificatePem);
    return certificate.checkIssued(authority) && certificate.verify(createPublicKey(ca.certificatePem));
  } catch {
    return false;
  }
}

/** The stand-in's certificates kept in `dataDir`, when they read, come from this CA and stay valid for a month. */
export function readKeptKeys(dataDir: string, ca: { certificatePem: string }): StandInKeys | undefined {
  const file = join(dataDir, STAND_IN_KEYS_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as StandInKeys & { signer: { pfx: string } };
    const keys: StandInKeys = { tls: kept.tls, signer: { ...kept.signer, pfx: Buffer.from(kept.signer.pfx, 'base64') } };
    const usable = (pem: string) => issuedBy(pem, ca) && validForAMonth(pem);
    if (usable(keys.tls.certificatePem) && usable(keys.signer.certificatePem)) return keys;
  } catch {
    // Unreadable: none kept.
  }
  return undefined;
}

/** Writes the stand-in's certificates to `dataDir` (readable by this user only). */
export function keepKeys(dataDir: string, keys: StandInKeys) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(
    join(dataDir, STAND_IN_KEYS_FILE),
    JSON.stringify({ tls: keys.tls, signer: { ...keys.signer, pfx: keys.signer.pfx.toString('base64') } }),
    { mode: 0o600 },
  );
}

type IssuedRecord = { ca: string; fingerprints: string[] };

function readIssued(dataDir: string, ca: { certificatePem: string }): string[] {
  try {
    const record = JSON.parse(readFileSync(join(dataDir, STAND_IN_ISSUED_FILE), 'utf8')) as IssuedRecord;
    // A list another CA kept says nothing of this one.
    return record.ca === new X509Certificate(ca.certificatePem).fingerprint256 ? record.fingerprints : [];
  } catch {
    return [];
  }
}

/** Notes that this CA issued the certificate (PEM). */
export function rememberIssued(dataDir: string, ca: { certificatePem: string }, certificatePem: string) {
  const fingerprint = new X509Certificate(certificatePem).fingerprint256;
  const fingerprints = [...readIssued(dataDir, ca).filter((kept) => kept !== fingerprint), fingerprint].slice(-100);
  const record: IssuedRecord = { ca: new X509Certificate(ca.certificatePem).fingerprint256, fingerprints };
  writeState(join(dataDir, STAND_IN_ISSUED_FILE), record);
}

/** Whether this CA issued the certificate of that SHA-256 fingerprint (`X509Certificate.fingerprint256`). */
export function wasIssued(dataDir: string, ca: { certificatePem: string }, fingerprint: string): boolean {
  return readIssued(dataDir, ca).includes(fingerprint);
}

/** The stand-in's port: HTTPS that asks every caller for a certificate from the CA, as the national system does. */
export async function listenStandIn(
  options: { tls: IssuedTls; caCertificatePem: string; host?: string; port?: number },
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
) {
  const host = options.host ?? '127.0.0.1';
  const server = createServer(
    {
      key: options.tls.privateKeyPem,
      cert: options.tls.certificatePem,
      ca: [options.caCertificatePem],
      requestCert: true,
      rejectUnauthorized: true,
    },
    (req, res) => void handle(req, res),
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://${host}:${port}${STAND_IN_BASE_PATH}`,
    parametersUrl: `https://${host}:${port}${STAND_IN_PARAMETERS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
