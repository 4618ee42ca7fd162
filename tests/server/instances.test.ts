import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from '../support/server';
import type { RunningProcess } from '../support/processes';
import { freePort, runScript, waitForOk } from '../support/processes';

/**
 * Two `npm start`s on one machine, each with its own PORT, DATA_DIR and Auth emulator port, keep their own demo
 * accounts across restarts. The emulator saves its accounts on exit through the "hub" its locator file names, and
 * that file sat in the shared temporary folder under the project's name: the instance stopped first saved the other
 * one's accounts as its own, and after a restart `cliente@demo.test` had another uid and `/api/companies/me` 404.
 * Both also answer on loopback only.
 */

/**
 * A port whose next two are free too: the emulator takes port+1 (hub) and port+2 (logging). Chosen below Linux's
 * ephemeral range (32768 on): there, the outgoing connections of the run (databases, HTTP) took port+1 between the
 * check and the emulator's start, seconds later, and it refused to start ("Port … is not open").
 */
async function emulatorPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await Promise.all([0, 1, 2].map((offset) => canListen(port + offset)));
    if (free.every(Boolean)) return port;
  }
}

/** Whether a listener can take the port on loopback now (nothing listening on it, no socket bound to it). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Whether something accepts a TCP connection there. */
function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** An address of this machine that other machines reach (not loopback), if it has one. */
function externalAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return undefined;
}

interface Instance {
  name: string;
  port: number;
  emulatorPort: number;
  dataDir: string;
  process?: RunningProcess;
}

const instances: Instance[] = [];
const dirs: string[] = [];

async function instance(name: string): Promise<Instance> {
  const dataDir = await mkdtemp(join(tmpdir(), `contabil-instance-${name}-`));
  dirs.push(dataDir);
  const created = { name, port: await freePort(), emulatorPort: await emulatorPort(), dataDir };
  instances.push(created);
  return created;
}

/** Starts the instances in order — each one's emulator up before the next begins — and waits until all are ready. */
async function startAll(list: Instance[]) {
  for (const each of list) {
    start(each);
    const until = Date.now() + 120_000;
    while (!(await answers('127.0.0.1', each.emulatorPort))) {
      if (each.process!.hasExited() || Date.now() > until) throw new Error(`${each.name}: ${each.process!.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  await Promise.all(list.map((each) => waitForOk(`http://127.0.0.1:${each.port}/api/health/ready`, each.process!, 240_000)));
}

function start(instance: Instance) {
  instance.process = runScript('scripts/start.ts', {
    PORT: String(instance.port),
    DATA_DIR: instance.dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${instance.emulatorPort}`,
    FIREBASE_PROJECT_ID: undefined,
    HOST: undefined,
    DATABASE_URL: undefined,
    APP_ENV: 'development',
    SEED_DEMO: 'true',
    // The API is what this is about: no build, no SPA.
    SKIP_BUILD: '1',
    SERVE_SPA: '0',
    SCHEDULER_DISABLED: '1',
  });
}

/** The demo customer's uid as this instance's emulator knows it, and what the server answers for their company. */
async function demoCustomer(instance: Instance) {
  const signIn = await fetch(
    `http://127.0.0.1:${instance.emulatorPort}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cliente@demo.test', password: 'demo12345', returnSecureToken: true }),
    },
  );
  const { idToken, localId } = (await signIn.json()) as { idToken: string; localId: string };
  const me = await fetch(`http://127.0.0.1:${instance.port}/api/companies/me`, {
    headers: { authorization: `Bearer ${idToken}` },
  });
  const body = (await me.json()) as { data?: { name?: string } };
  return { uid: localId, status: me.status, company: body.data?.name };
}

afterAll(async () => {
  await Promise.all(instances.map((each) => each.process?.stop()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

// Processes of their own, whatever the engine: once is enough (the PGlite run).
describe.runIf(engine === 'pglite')('two instances on one machine', () => {
  it('keep their own demo accounts across restarts, on loopback only', { timeout: 600_000 }, async () => {
    const a = await instance('a');
    const b = await instance('b');
    await startAll([a, b]);
    const before = { a: await demoCustomer(a), b: await demoCustomer(b) };
    expect(before.a).toMatchObject({ status: 200, company: 'Mendes Tecnologia Ltda' });
    expect(before.b).toMatchObject({ status: 200, company: 'Mendes Tecnologia Ltda' });
    // Each database seeded its own people.
    expect(before.a.uid).not.toBe(before.b.uid);

    const external = externalAddress();
    if (external) {
      for (const port of [a.port, a.emulatorPort, a.emulatorPort + 1, a.emulatorPort + 2]) {
        expect(await answers(external, port), `${external}:${port} answers other machines`).toBe(false);
      }
    }

    // The one started last stops first: it used to save the other's accounts (the hub its locator named).
    await b.process!.stop();
    await a.process!.stop();
    expect(b.process!.output()).not.toMatch(/Did not find any running emulators|export failed/i);

    await startAll([a, b]);
    const after = { a: await demoCustomer(a), b: await demoCustomer(b) };
    expect(after.a).toEqual(before.a);
    expect(after.b).toEqual(before.b);
  });
});
