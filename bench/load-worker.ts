/**
 * Runs autocannon in a worker thread (see `measureHttp` in support.ts) and sends back every response's latency.
 * Requests cycle through `paths` (and `bodies`, when given), so a list of queries is measured as one load.
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

export interface LoadRequest {
  origin: string;
  paths: string[];
  method?: 'GET' | 'POST';
  /** JSON bodies, taken in turn with `paths`. */
  bodies?: unknown[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadResult {
  latencies: number[];
  seconds: number;
  failures: number;
  firstFailure?: string;
  /** This thread's busy time over the run (its event loop's utilisation), in ms. */
  activeMs: number;
}

const request = workerData as LoadRequest;
const latencies: number[] = [];
let failures = 0;
let firstFailure: string | undefined;
let next = 0;

const started = performance.now();
const idle = performance.eventLoopUtilization();
const instance = autocannon(
  {
    url: request.origin,
    connections: request.connections,
    duration: request.seconds,
    method: request.method ?? 'GET',
    headers: { ...request.headers, ...(request.bodies ? { 'content-type': 'application/json' } : {}) },
    requests: [
      {
        setupRequest: (req) => {
          const i = next++;
          const body = request.bodies?.[i % request.bodies.length];
          return {
            ...req,
            path: request.paths[i % request.paths.length],
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          };
        },
      },
    ],
  },
  (error) => {
    if (error) {
      failures++;
      firstFailure ??= String(error);
    }
    parentPort!.postMessage({
      latencies,
      seconds: (performance.now() - started) / 1000,
      failures,
      firstFailure,
      activeMs: performance.eventLoopUtilization(idle).active,
    } satisfies LoadResult);
  },
);
instance.on('response', (_client, statusCode: number, _bytes: number, responseTime: number) => {
  if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  else {
    failures++;
    firstFailure ??= `HTTP ${statusCode}`;
  }
});
instance.on('reqError', (error: Error) => {
  failures++;
  firstFailure ??= error.message;
});
