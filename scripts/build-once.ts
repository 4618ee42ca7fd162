import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * What the web build reads: the app and the site's sources, the layers they import, the public files, the server
 * modules the Vite config loads, and the dependencies. A change anywhere here makes `npm start` build again.
 */
const BUILD_INPUTS = [
  'src',
  'domain',
  'machines',
  'public',
  'server/site',
  'index.html',
  'vite.config.ts',
  'server/config.ts',
  'server/spa-routes.ts',
  'tsconfig.base.json',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** Where the hash of the sources of the last good build is kept, beside it. */
const HASH_FILE = '.source-hash';

function filesOf(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !entry.name.startsWith('.'))
    .flatMap((entry) => filesOf(join(path, entry.name)));
}

/** SHA-256 over every input file's path and bytes, in a stable order. */
export function sourceHash(root: string): string {
  return hashOf(root, BUILD_INPUTS);
}

/** SHA-256 over the path and bytes of every file of `inputs` (files or folders under `root`), in a stable order. */
export function hashOf(root: string, inputs: string[]): string {
  const hash = createHash('sha256');
  const files = inputs.flatMap((input) => filesOf(join(root, input))).sort();
  for (const file of files) {
    // The router plugin rewrites its generated tree during a build: it follows the routes, which are hashed.
    if (file.endsWith('routeTree.gen.ts')) continue;
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Builds the web app in its own process (`npm run build`), only when its sources changed since the last build in
 * `distDir`: a server never carries the bundler's memory, and a start with nothing to build takes seconds.
 * Answers whether it built.
 */
export function buildIfChanged(root: string, distDir: string): boolean {
  const hash = sourceHash(root);
  const hashFile = join(distDir, HASH_FILE);
  if (existsSync(join(distDir, 'index.html')) && existsSync(hashFile) && readFileSync(hashFile, 'utf8').trim() === hash) {
    return false;
  }
  console.log('Building the web app (its sources changed since the last build)…');
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DIST_DIR: distDir },
  });
  if (result.status !== 0) throw new Error('The web app could not be built: see the output above.');
  writeFileSync(hashFile, `${hash}\n`);
  return true;
}
