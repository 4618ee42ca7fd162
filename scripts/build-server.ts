import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'esbuild';
import { build } from 'esbuild';
import { hashOf } from './build-once';

/**
 * The server built ahead of time (docs/performance.md, "Start and memory"): `scripts/start.ts` and everything it
 * imports from server/, domain/ and machines/ bundled by esbuild into one ES module, `dist-server/start.js`, which
 * `npm start` runs with plain `node` — no TypeScript compiler at run time. Most packages stay in node_modules
 * (BUNDLED_PACKAGES below).
 */
export const SERVER_DIST = 'dist-server';

/**
 * The flags `npm start` runs the bundle with (package.json's start script says the same; a test holds them equal).
 * V8's defaults let the heap grow up to four times what a collection left alive and keep it: after a minute of mixed
 * load the server sat at ~270 MB where ~110 MB is live. Growing the old generation by a fifth at a time, with a 4 MB
 * young one, keeps it at ~165 MB answering as many requests a second (docs/performance.md, "Start and memory").
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4', '--heap-growing-percent=20'];

/** What the bundle is made of; a change anywhere here builds it again. */
const SERVER_INPUTS = [
  'server',
  'domain',
  'machines',
  'scripts/start.ts',
  'scripts/emulator.ts',
  // How it is built.
  'scripts/build-server.ts',
  'tsconfig.base.json',
  'package-lock.json',
];

/**
 * Files the server reads at run time beside its own modules (`new URL('./x', import.meta.url)`): copied into the
 * bundle's folder at the same place under it, where the rewritten `import.meta.url` (below) points.
 */
const RUNTIME_FILES = [
  'server/db/migrations',
  'server/seed/data',
  'server/services/activity-lexicon',
  'server/services/activity-notes.json',
  'server/nfse/schemas',
  'server/nfse/reference',
];

/**
 * Packages bundled in rather than loaded from node_modules: plain ES modules with no files of their own to find, of
 * which the server uses a part (esbuild keeps only that part: the barrel of @brazilian-utils alone is hundreds of
 * modules). Every other package stays external — PGlite's and libxml2's wasm, firebase-admin, pg's optional native
 * binding, the AWS SDK find their files beside their code.
 */
const BUNDLED_PACKAGES = [
  '@brazilian-utils/brazilian-utils',
  'valibot',
  'xstate',
  'hono',
  '@hono/node-server',
  'drizzle-orm',
  'lru-cache',
  'marked',
  // The public site's server rendering: bundled so that only React's production build is in (see `define` below).
  'react',
  'react-dom',
];

/** Every bare import external unless its package is one of BUNDLED_PACKAGES. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (
        args.path.startsWith('@/') ||
        args.path.startsWith('@domain') ||
        args.path.startsWith('@machines/') ||
        args.path.startsWith('@server/')
      )
        return undefined;
      const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0]!;
      return BUNDLED_PACKAGES.includes(name) ? undefined : { path: args.path, external: true };
    });
  },
};

/** Second entry points: files started as worker threads by URL, each bundled on its own at its source's place. */
const WORKERS = ['server/services/statement-prepare.worker.ts'];

/**
 * In a bundle every module shares the bundle's `import.meta.url`. Each of our modules gets back the address it would
 * have in the bundle's folder (`dist-server/server/db/client.ts`), so its relative URLs reach the copied files.
 */
function ownImportMetaUrl(root: string, out: string, outDir: string): Plugin {
  return {
    name: 'own-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const path = relative(root, args.path);
        if (path.startsWith('..') || path.startsWith('node_modules') || !source.includes('import.meta.url')) return undefined;
        // Its place under the bundle's folder, relative to the output file that holds it (the entry or a worker's).
        const place = relative(outDir, join(out, path.replace(/\.ts$/, '.js')))
          .split('\\')
          .join('/');
        return {
          contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(`./${place}`)}, import.meta.url).href`),
          loader: 'ts',
        };
      });
    },
  };
}

/** Bundles the server into `dist-server/` when its sources changed since the last bundle. Answers whether it built. */
export async function buildServerIfChanged(root: string): Promise<boolean> {
  const out = join(root, SERVER_DIST);
  const hashFile = join(out, '.source-hash');
  const hash = hashOf(root, SERVER_INPUTS);
  if (existsSync(join(out, 'start.js')) && existsSync(hashFile) && readFileSync(hashFile, 'utf8').trim() === hash) return false;
  const started = performance.now();
  rmSync(out, { recursive: true, force: true });
  const common = {
    bundle: true,
    platform: 'node' as const,
    format: 'esm' as const,
    target: 'node20',
    tsconfig: join(root, 'tsconfig.json'),
    sourcemap: 'linked' as const,
    logLevel: 'warning' as const,
    absWorkingDir: root,
    // React chooses its build by NODE_ENV when first required, which `npm start` does not set: without this the site
    // rendered with React's development build (slower, and ~1 MB more source held in memory).
    define: { 'process.env.NODE_ENV': '"production"' },
    // Bundled CommonJS (React) requires Node's own modules: an ES module has no `require` of its own to give it.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  };
  await build({
    ...common,
    entryPoints: [join(root, 'scripts/start.ts')],
    outdir: out,
    // What the server imports with `await import()` (the DANFSe's PDF libraries, the AWS SDK) stays in a chunk of its
    // own with its packages' imports, loaded when first used rather than at start. Chunks sit beside start.js.
    splitting: true,
    chunkNames: '[name]-[hash]',
    plugins: [externalPackages, ownImportMetaUrl(root, out, out)],
  });
  for (const worker of WORKERS) {
    const outfile = join(out, worker.replace(/\.ts$/, '.js'));
    await build({
      ...common,
      entryPoints: [join(root, worker)],
      outfile,
      plugins: [externalPackages, ownImportMetaUrl(root, out, dirname(outfile))],
    });
  }
  for (const folder of RUNTIME_FILES) cpSync(join(root, folder), join(out, folder), { recursive: true });
  // Node reads .js under dist-server/ as ES modules whatever package.json above it says.
  writeFileSync(join(out, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
  writeFileSync(hashFile, `${hash}\n`);
  console.log(`Server bundled into ${SERVER_DIST}/ in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}
