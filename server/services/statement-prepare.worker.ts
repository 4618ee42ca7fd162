// The worker thread of `prepareOfxOffThread`: reads one OFX file and answers it prepared, or why it was refused.

import { parentPort, workerData } from 'node:worker_threads';
import { OfxParseError } from './ofx';
import type { PrepareRequest, PrepareResult } from './statement-prepare';
import { prepareOfx } from './statement-import';

const { bytes, rules, parse } = workerData as PrepareRequest;
let result: PrepareResult;
try {
  result = { ok: true, prepared: prepareOfx(bytes, { rules, parse }) };
} catch (error) {
  result =
    error instanceof OfxParseError
      ? { ok: false, refused: error.message }
      : { ok: false, crashed: error instanceof Error ? (error.stack ?? error.message) : String(error) };
}
parentPort!.postMessage(result);
