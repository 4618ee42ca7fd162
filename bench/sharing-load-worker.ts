/**
 * The other customers of `bench/import-sharing.ts`: in a worker thread (not the server's event loop), one client per
 * path calls it again as soon as it is answered, until told to stop, keeping when each call started and how long it
 * took (epoch milliseconds, comparable with the main thread's clock).
 */
import { parentPort, workerData } from 'node:worker_threads';

export interface SharingLoad {
  origin: string;
  paths: { path: string; headers?: Record<string, string> }[];
}

export interface SharingSample {
  path: string;
  /** When the call started, ms since the epoch (with sub-millisecond precision). */
  at: number;
  ms: number;
  status: number;
}

const { origin, paths } = workerData as SharingLoad;
const epoch = () => performance.timeOrigin + performance.now();
let stopped = false;
const samples: SharingSample[] = [];
parentPort!.once('message', () => (stopped = true));

await Promise.all(
  paths.map(async ({ path, headers }) => {
    while (!stopped) {
      const at = epoch();
      let status: number;
      try {
        const response = await fetch(`${origin}${path}`, { headers });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        // No answer at all: counted as failed.
        status = 0;
      }
      samples.push({ path, at, ms: epoch() - at, status });
      // Not a flood: a customer clicking about, a load balancer's probe.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }),
);
parentPort!.postMessage(samples);
