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
import { cancel } from './cancel';
import { emit } from './emit';
import { preview } from './preview';
import { runDueRetries } from './retries';
import type { EmissionDeps } from './shared';
import { createEmissionContext } from './shared';
import { substitute } from './substitute';

export type { CancelResult } from './cancel';
export type { EmitResult } from './emit';
export type { SubstituteResult } from './substitute';
export type { NfseDeps } from './shared';
export { LEASE_MS, LEASE_RENEW_MS, LeaseLost, refusalReason } from './shared';

/** `tpAmb` from the base URL: only the production Sefin issues real invoices; the rest is restricted production. */
export function nfseEnvironmentFor(baseUrl: string): NfseEnvironment {
  try {
    return new URL(baseUrl).hostname === 'sefin.nfse.gov.br' ? 'production' : 'homologation';
  } catch {
    return 'homologation';
  }
}

/**
 * The emission service, its parts in a file each: `shared.ts` (the request loaded, the certificate, the client,
 * the city's parameters, the DPS's context, the lease), `emit.ts`, `cancel.ts`, `substitute.ts`, `preview.ts`,
 * `retries.ts` (the recovery sweep), `outcomes.ts` (what each end of a run records) and `files.ts` (the invoice's
 * files, published by one function). Each part takes the one context made here.
 */
export function createNfseEmissionService(deps: EmissionDeps) {
  const ctx = createEmissionContext(deps);
  return {
    emit: (requestId: string, options?: Parameters<typeof emit>[2]) => emit(ctx, requestId, options),
    preview: (requestId: string, now?: Date) => preview(ctx, requestId, now),
    cancel: (requestId: string, input: Parameters<typeof cancel>[2], options?: Parameters<typeof cancel>[3]) =>
      cancel(ctx, requestId, input, options),
    substitute: (requestId: string, input: Parameters<typeof substitute>[2], options?: Parameters<typeof substitute>[3]) =>
      substitute(ctx, requestId, input, options),
    runDueRetries: (now?: Date, limit?: number) => runDueRetries(ctx, now, limit),
  };
}

export type NfseEmissionService = ReturnType<typeof createNfseEmissionService>;
