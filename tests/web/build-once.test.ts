import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIfChanged, sourceHash } from '../../scripts/build-once';

/** A project with sources and a build of them (no package.json: a build attempted here fails, which tells it ran). */
function project() {
  const root = mkdtempSync(join(tmpdir(), 'contabil-build-once-'));
  for (const [file, text] of Object.entries({
    'src/main.tsx': 'export {};',
    'domain/rule.ts': 'export const x = 1;',
    'index.html': '<!doctype html>',
    'tests/a.test.ts': 'test',
    'server/routes/x.ts': 'export {};',
  })) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  const dist = join(root, 'dist');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html>');
  writeFileSync(join(dist, '.source-hash'), `${sourceHash(root)}\n`);
  return { root, dist };
}

describe('npm start builds only when the sources changed', () => {
  it('skips the build when the last build is of these sources', () => {
    const { root, dist } = project();
    expect(buildIfChanged(root, dist)).toBe(false);
  });

  it('tells a change to what the build reads from a change elsewhere', () => {
    const { root } = project();
    const before = sourceHash(root);
    writeFileSync(join(root, 'tests/a.test.ts'), 'changed');
    writeFileSync(join(root, 'server/routes/x.ts'), 'changed');
    expect(sourceHash(root)).toBe(before);
    writeFileSync(join(root, 'domain/rule.ts'), 'export const x = 2;');
    expect(sourceHash(root)).not.toBe(before);
  });

  it('builds, in its own process, when a source changed or the build is missing', () => {
    const changed = project();
    writeFileSync(join(changed.root, 'src/main.tsx'), 'export const y = 1;');
    expect(() => buildIfChanged(changed.root, changed.dist)).toThrow('could not be built');
    // A failed build leaves the hash of the last good one.
    expect(readFileSync(join(changed.dist, '.source-hash'), 'utf8').trim()).not.toBe(sourceHash(changed.root));
    const missing = project();
    writeFileSync(join(missing.dist, '.source-hash'), 'old\n');
    expect(() => buildIfChanged(missing.root, missing.dist)).toThrow('could not be built');
  });
});
