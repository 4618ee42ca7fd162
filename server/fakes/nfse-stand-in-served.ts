/**
 * The national NFS-e stand-in as `npm start` runs it when no NFSE_NACIONAL_URL is set: its port open from the start,
 * with the TLS certificate kept under DATA_DIR, and its code — libxml2 and the layout's schemas, node-forge, the
 * signature's libraries, ~40 MB of the server's memory — loaded by the first call it answers or the first certificate
 * it issues (docs/performance.md, "Start and memory"). A first start, with nothing kept yet, loads it to make the CA.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { IssuedA1 } from '../nfse/test-ca';
import type { NfseStandInHandler } from './nfse-nacional';
import type { StandInKeys } from './nfse-stand-in-files';
import {
  STAND_IN_STATE_FILE,
  listenStandIn,
  readKeptCa,
  readKeptKeys,
  readState,
  rememberIssued,
  wasIssued,
} from './nfse-stand-in-files';

export type ServedStandIn = {
  url: string;
  parametersUrl: string;
  caCertificatePem: string;
  /** An A1 certificate for a company from the stand-in's CA, noted as issued by it. */
  issueCompanyCertificate(request: { cnpj: string; companyName: string; password: string }): Promise<IssuedA1>;
  /** Whether the stand-in's CA issued the certificate of that SHA-256 fingerprint. */
  issued(fingerprint: string): boolean;
  close(): Promise<void>;
};

export async function serveNfseStandIn({
  dataDir,
  host = '127.0.0.1',
}: {
  dataDir: string;
  host?: string;
}): Promise<ServedStandIn> {
  const stateFile = join(dataDir, STAND_IN_STATE_FILE);
  // Records that cannot be read stop the start, as they would with the stand-in loaded.
  readState(stateFile);
  let ca = readKeptCa(dataDir);
  let keys: StandInKeys | undefined = ca && readKeptKeys(dataDir, ca);
  if (!ca || !keys) {
    const made = await import('./nfse-stand-in-ca');
    const testCa = made.loadOrCreateStandInCa(dataDir);
    ca = { certificatePem: testCa.certificatePem, privateKeyPem: testCa.privateKeyPem };
    keys = made.loadOrIssueStandInKeys(dataDir, testCa);
  }
  const signer = keys.signer;

  let handler: Promise<NfseStandInHandler> | undefined;
  const load = () => {
    if (!handler) {
      handler = Promise.all([import('./nfse-stand-in-ca'), import('./nfse-nacional')]).then(([made, standIn]) =>
        standIn.createNfseStandInHandler({ ca: made.loadOrCreateStandInCa(dataDir), signer, stateFile }),
      );
      handler.catch(() => (handler = undefined));
    }
    return handler;
  };
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      await (await load()).handle(req, res);
    } catch (error) {
      if (res.headersSent) return void res.end();
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ mensagem: error instanceof Error ? error.message : 'Erro interno.' }));
    }
  };
  const listening = await listenStandIn({ tls: keys.tls, caCertificatePem: ca.certificatePem, host }, answer);
  const authority = ca;
  return {
    ...listening,
    caCertificatePem: authority.certificatePem,
    issueCompanyCertificate: async (request) => {
      const issued = (await load()).issueCompanyCertificate(request);
      rememberIssued(dataDir, authority, issued.certificatePem);
      return issued;
    },
    issued: (fingerprint) => wasIssued(dataDir, authority, fingerprint),
  };
}
