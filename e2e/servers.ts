/**
 * The browser suite's servers (playwright.config.ts): the app built once, then every server started at the same time,
 * each with its own port, data folder and Auth emulator. Playwright's `webServer` list starts them one after the
 * other, and most of a first start (migrations, the demo seed, the emulator) is one core's work: side by side, the
 * two servers are ready in about the time of one.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { SERVER_NODE_ARGS } from '../scripts/build-server';
import { runNode, waitForOk } from '../tests/support/processes';

export interface E2eServer {
  url: string;
  env: Record<string, string>;
}

const READY_WITHIN_MS = 180_000;

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (response) => response.ok,
    () => false,
  );

export default async function startServers(config: FullConfig) {
  const servers = (config.metadata.servers ?? []) as E2eServer[];
  if (servers.length === 0) return;
  // A server already answering there would be driven instead of this run's own (with another database).
  for (const { url } of servers) if (await answers(`${url}/api/health`)) throw new Error(`Something already answers on ${url}.`);
  // As `npm start`: the web app and the server's bundle, each only if its sources changed.
  if (process.env.SKIP_BUILD !== '1') {
    const build = spawnSync('npx', ['tsx', 'scripts/build.ts'], {
      stdio: 'inherit',
      env: { ...process.env, ...servers[0]!.env },
    });
    if (build.status !== 0) throw new Error('The build for the browser tests failed.');
  }
  const running = servers.map(({ env }) => {
    mkdirSync(env.DATA_DIR!, { recursive: true });
    const server = runNode([...SERVER_NODE_ARGS, 'dist-server/start.js'], { ...env, SKIP_BUILD: '1' });
    // What it prints, kept beside its data for a failed run to be read.
    const log = createWriteStream(join(env.DATA_DIR!, 'server.log'));
    server.child.stdout!.pipe(log);
    server.child.stderr!.pipe(log);
    return server;
  });
  // The server stops the Auth emulator it started; its group (both) is killed if it does not.
  const stopAll = () => Promise.all(running.map((server) => server.stop(15_000))).then(() => undefined);
  try {
    await Promise.all(servers.map(({ url }, n) => waitForOk(`${url}/api/health`, running[n]!, READY_WITHIN_MS)));
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}
