import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface RunningEmulator {
  host: string;
  /** Whether this process started it (and so stops it). */
  started: boolean;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  /** host:port, e.g. 127.0.0.1:9099. */
  host: string;
  projectId: string;
  /** Keeps the accounts across restarts (imported at start, exported on a clean stop). */
  persistDir?: string;
  /** Where the emulator's output goes. */
  logFile?: string;
}

const firebaseBin = resolve('node_modules/.bin/firebase');

export async function isEmulatorUp(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) });
    const body = (await response.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

/** Uses the Firebase Auth emulator at `host` if one answers; otherwise starts one (offline, no Java, no UI). */
export async function ensureAuthEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  if (await isEmulatorUp(options.host)) return { host: options.host, started: false, stop: async () => {} };

  // Its hub and logging ports (port+1, port+2) listen on the same interface: loopback unless told otherwise.
  const [hostname, portText] = options.host.split(':');
  const port = Number(portText);
  const configDir = join(tmpdir(), `contabil-emulator-${port}`);
  mkdirSync(configDir, { recursive: true });
  const configFile = join(configDir, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: hostname, port },
        hub: { host: hostname, port: port + 1 },
        logging: { host: hostname, port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', options.projectId, '--config', configFile];
  if (options.persistDir) {
    mkdirSync(options.persistDir, { recursive: true });
    if (existsSync(join(options.persistDir, 'firebase-export-metadata.json'))) args.push('--import', options.persistDir);
    args.push('--export-on-exit', options.persistDir);
  }
  const logFile = options.logFile ?? join(configDir, 'emulator.log');
  const out = openSync(logFile, 'w');
  const child: ChildProcess = spawn(firebaseBin, args, {
    stdio: ['ignore', out, out],
    cwd: configDir,
    // The emulator finds its hub — through which --export-on-exit saves the accounts — by a locator file named after
    // the project in the temporary folder. Shared, two instances of one project (two `npm start`s, a test run beside
    // a demo) saved each other's accounts; a folder per port keeps each emulator to its own hub.
    env: { ...process.env, TMPDIR: configDir, TEMP: configDir, TMP: configDir },
  });
  let exited = false;
  child.once('exit', () => (exited = true));

  const deadline = Date.now() + 90_000;
  while (!(await isEmulatorUp(options.host))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `The Firebase Auth emulator did not start on ${options.host}:\n${readFileSync(logFile, 'utf8').slice(-2000)}`,
      );
    }
    await new Promise((r) => setTimeout(r, 300));
  }

  return {
    host: options.host,
    started: true,
    async stop() {
      if (exited) return;
      const done = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGINT'); // lets --export-on-exit save the accounts
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await done;
      clearTimeout(timer);
    },
  };
}
