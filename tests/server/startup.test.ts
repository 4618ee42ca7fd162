import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from '../support/server';
import type { RunningProcess } from '../support/processes';
import { freePort, runScript, tcpProxy, waitForOk } from '../support/processes';

/**
 * The server started as a process, as an operator starts it: an unreachable database is one readable line, tried
 * again with backoff, and an exit 1 without a stack trace when it never comes; a database that comes late is waited
 * for; one that goes away afterwards turns readiness to 503 and back. Opening the port while the Auth emulator is
 * trusted needs saying so.
 */

const running: RunningProcess[] = [];
const dirs: string[] = [];
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9199';

afterAll(async () => {
  await Promise.all(running.map((each) => each.stop()));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function server(env: Record<string, string | undefined>) {
  const dataDir = await mkdtemp(join(tmpdir(), 'contabil-startup-'));
  dirs.push(dataDir);
  const port = await freePort();
  const started = runScript('server/index.ts', {
    PORT: String(port),
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: undefined,
    APP_ENV: 'test',
    SEED_DEMO: 'false',
    SERVE_SPA: '0',
    SCHEDULER_DISABLED: '1',
    HOST: undefined,
    DATABASE_URL: undefined,
    ...env,
  });
  running.push(started);
  return { process: started, url: `http://127.0.0.1:${port}` };
}

/** No stack trace nor a library's raw error: what an operator reads. */
function expectReadable(output: string) {
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toMatch(/DrizzleQueryError|Error: connect|\{\s*$/m);
}

describe.runIf(engine === 'pglite')('starting', () => {
  it(
    'against a database nobody answers: one line, tries again, then exits 1 without a stack trace',
    { timeout: 90_000 },
    async () => {
      const closed = await freePort();
      const started = Date.now();
      const { process } = await server({
        DATABASE_URL: `postgres://contabil:segredo@127.0.0.1:${closed}/contabil`,
        DATABASE_WAIT_SECONDS: '4',
      });
      const code = await process.exited;
      const took = Date.now() - started;
      const output = process.output();
      expect(code, output).toBe(1);
      // It waited (backoff up to the limit) rather than giving up at the first refusal.
      expect(took).toBeGreaterThanOrEqual(3500);
      const lines = output.trim().split('\n');
      expect(lines.filter((line) => /unreachable/.test(line))).toEqual([
        `Database 127.0.0.1:${closed}/contabil unreachable (connection refused): trying again for up to 4 s…`,
        expect.stringMatching(
          new RegExp(
            `^Database 127\\.0\\.0\\.1:${closed}/contabil unreachable \\(connection refused\\) after \\d+ s: giving up\\.`,
          ),
        ),
      ]);
      expect(output).not.toContain('segredo');
      expectReadable(output);
    },
  );

  it('with a wrong setting: one line naming it, exit 1', { timeout: 60_000 }, async () => {
    const { process } = await server({ DATABASE_WAIT_SECONDS: 'trinta' });
    expect(await process.exited).toBe(1);
    expect(process.output().trim()).toBe('Configuration: DATABASE_WAIT_SECONDS must be a whole number of seconds (got "trinta")');
  });

  it(
    'on every interface while the Auth emulator is trusted: refused unless the operator allows it, and then told why',
    { timeout: 120_000 },
    async () => {
      const refused = await server({ HOST: '0.0.0.0' });
      expect(await refused.process.exited).toBe(1);
      const said = refused.process.output().trim();
      expect(said.split('\n')).toHaveLength(1);
      expect(said).toMatch(/HOST=0\.0\.0\.0 opens the product to the network .* accepts unsigned tokens/);
      expect(said).toMatch(/ALLOW_INSECURE_AUTH_EMULATOR=1/);
      expectReadable(said);

      const allowed = await server({ HOST: '0.0.0.0', ALLOW_INSECURE_AUTH_EMULATOR: '1' });
      await waitForOk(`${allowed.url}/api/health/ready`, allowed.process);
      expect(allowed.process.output()).toMatch(/^Warning: HOST=0\.0\.0\.0 opens the product to the network/m);
      expect(allowed.process.output()).toMatch(/Listening on 0\.0\.0\.0:\d+\./);
    },
  );
});

describe.runIf(engine === 'postgres')('starting on PostgreSQL', () => {
  it(
    'waits for a database that comes late, then says on readiness when it goes away and comes back',
    { timeout: 120_000 },
    async () => {
      const target = new URL(process.env.TEST_DATABASE_URL!);
      const proxy = tcpProxy({ host: target.hostname, port: Number(target.port || 5432) }, await freePort());
      const throughProxy = new URL(target);
      throughProxy.host = `127.0.0.1:${proxy.port}`;
      const { process: started, url } = await server({
        DATABASE_URL: throughProxy.toString(),
        DATABASE_WAIT_SECONDS: '30',
      });
      // PostgreSQL "comes up" a moment after the server found it missing.
      const until = Date.now() + 60_000;
      while (!/unreachable/.test(started.output()) && !started.hasExited() && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(started.hasExited(), started.output()).toBe(false);
      await proxy.open();
      try {
        await waitForOk(`${url}/api/health/ready`, started);
        const output = started.output();
        expect(output).toMatch(/unreachable \(connection refused\): trying again for up to 30 s…/);
        expect(output).toMatch(/reachable after \d+\.\d s\./);
        expectReadable(output);

        await proxy.cut();
        const down = await fetch(`${url}/api/health/ready`);
        expect(down.status).toBe(503);
        expect(await down.json()).toMatchObject({ status: 'unavailable', database: 'unreachable' });
        expect((await fetch(`${url}/api/health`)).status).toBe(503);
        expect((await fetch(`${url}/api/health/live`)).status).toBe(200);

        await proxy.open();
        await waitForOk(`${url}/api/health/ready`, started, 15_000);
      } finally {
        await proxy.cut();
      }
    },
  );
});
