/**
 * What the server loads when it starts: the packages its modules import statically, from server/index.ts on. The
 * NFS-e's libraries (libxml2 and its compiled schemas, node-forge, xml-crypto, xmlbuilder2: ~40 MB of resident memory)
 * load with the first emission or certificate, through `await import()` (docs/performance.md, "Start and memory").
 */
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const LOADED_LATER = ['libxml2-wasm', 'node-forge', 'xml-crypto', 'xmlbuilder2'];

async function packagesLoadedAtStart(entry: string): Promise<Set<string>> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    outdir: 'unused',
    splitting: true,
    packages: 'external',
    tsconfig: 'tsconfig.json',
    logLevel: 'silent',
  });
  const loaded = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift()!;
    for (const { path, kind, external } of metafile.inputs[file]?.imports ?? []) {
      if (kind !== 'import-statement' || loaded.has(path)) continue;
      loaded.add(path);
      if (!external) queue.push(path);
    }
  }
  return loaded;
}

it('starts without loading the NFS-e libraries, which load with the first emission or certificate', async () => {
  const atStart = await packagesLoadedAtStart('server/index.ts');
  // The walk sees the packages at all: the database's and the web server's are there.
  expect(atStart).toContain('drizzle-orm');
  expect(atStart).toContain('hono');
  expect(LOADED_LATER.filter((name) => atStart.has(name))).toEqual([]);
}, 30_000);
