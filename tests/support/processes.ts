import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { createServer, connect } from 'node:net';

/** A port nobody listens on right now (the OS's choice, released at once). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Its exit code once it ended. */
  exited: Promise<number | null>;
  hasExited(): boolean;
  /** SIGINT, then SIGKILL after `graceMs`; resolves when it is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Runs a TypeScript entry point (`server/index.ts`, `scripts/start.ts`) with tsx. */
export function runScript(script: string, env: Record<string, string | undefined>): RunningProcess {
  return runNode(['--import', 'tsx', script], env);
}

/** Runs node with these arguments (a built entry point: `dist-server/start.js`, as `npm start` does). */
export function runNode(args: string[], env: Record<string, string | undefined>): RunningProcess {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: stopping it stops what it started (the emulator).
    detached: true,
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );
  return {
    child,
    output: () => text,
    exited,
    hasExited: () => done,
    async stop(graceMs = 20_000) {
      if (done) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }, graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200, or throws with the process's output when it exits or time runs out. */
export async function waitForOk(url: string, process: RunningProcess, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (process.hasExited()) throw new Error(`exited while starting:\n${process.output().slice(-3000)}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${process.output().slice(-3000)}`);
}

/**
 * A TCP stand-in in front of another address (PostgreSQL): it can be opened late, to play a database that comes up
 * after the server, and cut, to play one that goes away.
 */
export function tcpProxy(target: { host: string; port: number }, port: number) {
  const sockets = new Set<Socket>();
  let server: ReturnType<typeof createServer> | null = null;
  return {
    port,
    async open() {
      server = createServer((incoming) => {
        const outgoing = connect(target.port, target.host);
        for (const socket of [incoming, outgoing]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        incoming.pipe(outgoing).pipe(incoming);
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    },
    /** Stops listening and drops every connection, as a database that went away. */
    async cut() {
      for (const socket of sockets) socket.destroy();
      if (server) await new Promise((resolve) => server!.close(resolve));
      server = null;
    },
  };
}
