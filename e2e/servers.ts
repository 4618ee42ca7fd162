/**
 * The browser suite's servers (playwright.config.ts): the app built once, then every server started at the same time,
 * each with its own port, data folder and Auth emulator. Playwright's `webServer` list starts them one after the
 * other, and most of a first start (migrations, the demo seed, the emulator) is one core's work: side by side, the
 * two servers are ready in about the time of one.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';

export interface E2eServer {
  url: string;
  env: Record<string, string>;
}

const READY_WITHIN_MS = 180_000;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Gone already.
      }
    }, 15_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    // The server stops the Auth emulator it started; the group (both) is killed only if it does not.
    try {
      process.kill(child.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

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
  const children = servers.map(({ env }) => {
    mkdirSync(env.DATA_DIR!, { recursive: true });
    const log = join(env.DATA_DIR!, 'server.log');
    const out = openSync(log, 'a');
    const child = spawn('node', ['dist-server/start.js'], {
      env: { ...process.env, ...env, SKIP_BUILD: '1' },
      stdio: ['ignore', out, out],
      detached: true,
    });
    return { child, log };
  });
  const stopAll = () => Promise.all(children.map(({ child }) => stop(child))).then(() => undefined);
  const deadline = Date.now() + READY_WITHIN_MS;
  try {
    await Promise.all(
      servers.map(async ({ url }, n) => {
        const { child, log } = children[n]!;
        while (!(await answers(`${url}/api/health`))) {
          if (child.exitCode !== null) throw new Error(`Server ${url} exited (${child.exitCode}):\n${tail(log)}`);
          if (Date.now() > deadline) throw new Error(`Server ${url} not ready in ${READY_WITHIN_MS / 1000} s:\n${tail(log)}`);
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

function tail(file: string): string {
  return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
}
