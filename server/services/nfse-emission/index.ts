/**
 * Emitting a request's NFS-e through the national system, end to end: the request, the company's fiscal profile
 * and its A1 certificate (opened only in memory), the DPS number taken once per request under the counter's lock,
 * the emission machine (server/nfse/emission.ts) with the real client, and what its end means for the request —
 * issued (the NFS-e XML and a DANFSe made here published as the request's documents in the transaction that marks
 * it issued), rejected (the national codes explained), a retry plan (the signed DPS kept: every later run looks it
 * up first, never a new number) or a problem that kept the DPS here (nothing sent, the request unchanged).
 *
 * One run at a time per request: a run takes a lease on the emission row (`lease_token`, `lease_until`); a second
 * call for the same request waits for it and answers what it came to, so two clicks never send twice. The lease is
 * short and renewed while the run lives; every write of the run is conditioned on still holding it. A run whose
 * server died leaves its lease to expire, and the recovery sweep (`runDueRetries`, every few seconds on every server)
 * takes it over: the kept signed DPS is looked up and the NFS-e recorded, or that same DPS sent again — never a second
 * invoice, never an invoice waiting on a person.
 *
 * Substitution (`substitute`): the corrected invoice is a new request linked to the replaced one, not a second DPS
 * number on the same request. A request keeps one emission (one DPS number, one lease, one row the sweep resumes), so
 * the substitute runs through the very emission flow above, crash recovery included; only its DPS carries `subst`,
 * and its issue also records the replaced one as substituted, in the same transaction. The national system cancels
 * the replaced NFS-e itself as it issues the substitute (event 105102; docs/nfse.md, "Substitution"):
 * nothing else is sent.
 */
import type { NfseEnvironment } from '@domain/nfseNacional';
import { anythingToSweep } from './leases';
import type { EmissionDeps } from './shared';

export type { CancelResult } from './cancel';
export type { EmitResult } from './emit';
export type { SubstituteResult } from './substitute';
export type { NfseDeps } from './shared';

/** `tpAmb` from the base URL: only the production Sefin issues real invoices; the rest is restricted production. */
export function nfseEnvironmentFor(baseUrl: string): NfseEnvironment {
  try {
    return new URL(baseUrl).hostname === 'sefin.nfse.gov.br' ? 'production' : 'homologation';
  } catch {
    return 'homologation';
  }
}

type Engine = ReturnType<typeof import('./engine').createEmissionEngine>;

/**
 * The emission service. Its parts (engine.ts) and the libraries they use — libxml2 and the compiled schemas, the
 * signature's, the certificate's, ~40 MB of a server's memory — load with the first call that needs them: a server
 * that only answers pages and lists never loads them, and the recovery sweep asks the database first whether it has
 * anything to run (docs/performance.md, "Start and memory"). The first emission after a start pays the load (~0.3 s).
 */
export function createNfseEmissionService(deps: EmissionDeps) {
  let engine: Promise<Engine> | undefined;
  const load = () => {
    if (!engine) {
      engine = import('./engine').then((parts) => parts.createEmissionEngine(deps));
      // A failed load is tried again by the next call, not remembered.
      engine.catch(() => (engine = undefined));
    }
    return engine;
  };
  type Of<K extends keyof Engine> = Engine[K];
  return {
    emit: async (...args: Parameters<Of<'emit'>>) => (await load()).emit(...args),
    preview: async (...args: Parameters<Of<'preview'>>) => (await load()).preview(...args),
    cancel: async (...args: Parameters<Of<'cancel'>>) => (await load()).cancel(...args),
    substitute: async (...args: Parameters<Of<'substitute'>>) => (await load()).substitute(...args),
    runDueRetries: async (now = new Date(), limit?: number): Promise<number> =>
      (await anythingToSweep(deps.db, now)) ? (await load()).runDueRetries(now, limit) : 0,
  };
}

export type NfseEmissionService = ReturnType<typeof createNfseEmissionService>;
