import { Worker } from 'node:worker_threads';
import type { ParseOfxOptions } from './ofx';
import { OfxParseError } from './ofx';
import type { PreparedImport, RuleOfImport } from '../db/statement-batches';
import { prepareOfx } from './statement-import';

/**
 * Files from this size on are read in a worker thread: 200,000 movements take 1–2 s to parse, hash and lay out, which
 * on the server's thread would hold every other request. Below it (a month's statement is a few dozen KB) the
 * thread's start (~0.2 s) would cost more than the work.
 */
export const WORKER_MIN_BYTES = 512 * 1024;

export interface PrepareRequest {
  bytes: Uint8Array;
  rules: RuleOfImport[];
  parse?: ParseOfxOptions;
}

export type PrepareResult =
  { ok: true; prepared: PreparedImport } | { ok: false; refused: string } | { ok: false; crashed: string };

// Built ahead of time (`npm start`, scripts/build-server.ts) this module sits in a .js bundle beside its worker's.
const bundled = !import.meta.url.endsWith('.ts');
const WORKER_FILE = new URL(`./statement-prepare.worker.${bundled ? 'js' : 'ts'}`, import.meta.url).href;
// The worker does not inherit a loader registered in this thread (tsx's, Vitest's): from sources it registers tsx's.
const WORKER_SOURCE = bundled
  ? `import(${JSON.stringify(WORKER_FILE)})`
  : `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_FILE)}); })`;

/**
 * The OFX file read and prepared for the import (`prepareOfx`) off the server's thread when it is large. Throws
 * `OfxParseError` for a file it refuses, like the parser. The file's bytes move to the worker (not copied): the caller
 * must not use them afterwards.
 */
export async function prepareOfxOffThread(request: PrepareRequest): Promise<PreparedImport> {
  if (request.bytes.byteLength < WORKER_MIN_BYTES) return prepareOfx(request.bytes, request);
  // Only a buffer of its own can move.
  const bytes = request.bytes.byteLength === request.bytes.buffer.byteLength ? request.bytes : request.bytes.slice();
  const result = await new Promise<PrepareResult>((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { ...request, bytes },
      transferList: [bytes.buffer as ArrayBuffer],
    });
    worker.once('message', (message: PrepareResult) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The OFX worker ended (code ${code}) without an answer`)));
  });
  if (result.ok) return result.prepared;
  if ('refused' in result) throw new OfxParseError(result.refused);
  throw new Error(`Reading the OFX file failed in its worker: ${result.crashed}`);
}
