/**
 * The emission service's parts, each in a file: `shared.ts` (the request loaded, the certificate, the client, the
 * city's parameters, the DPS's context, the lease), `emit.ts`, `cancel.ts`, `substitute.ts`, `preview.ts`,
 * `retries.ts` (the recovery sweep), `outcomes.ts` (what each end of a run records) and `files.ts` (the invoice's
 * files, published by one function). Each part takes the one context made here. Loaded by index.ts at first use.
 */
import { cancel } from './cancel';
import { emit } from './emit';
import { preview } from './preview';
import { runDueRetries } from './retries';
import type { EmissionDeps } from './shared';
import { createEmissionContext } from './shared';
import { substitute } from './substitute';

export function createEmissionEngine(deps: EmissionDeps) {
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
