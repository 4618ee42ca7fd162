import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The configuration table (docs/configuration.md) is the operator's list of settings: it names every environment variable the
 * server and its start scripts read (server/config.ts above all), and nothing they no longer read.
 */

const NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$|^(?:HOST|PORT)$/;
/** Read by libraries, not by our code: firebase-admin's service-account file. */
const READ_BY_LIBRARIES = ['GOOGLE_APPLICATION_CREDENTIALS'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** `env.NAME`, `env['NAME']`, and in config.ts every quoted NAME it hands to a reading helper. */
function variablesReadBy(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const names = [...source.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g)].map(
    (match) => match[1] ?? match[2],
  );
  if (file.endsWith(join('server', 'config.ts'))) {
    names.push(...[...source.matchAll(/['"]([A-Z][A-Z0-9_]*)['"]/g)].map((match) => match[1]).filter((n) => NAME.test(n)));
  }
  return names;
}

function configurationTable(): string[] {
  const section = readFileSync('docs/configuration.md', 'utf8');
  const rows = section
    .slice(0, section.indexOf('\n\n', section.indexOf('| variable')))
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);
  return rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
}

describe('the configuration table of docs/configuration.md', () => {
  const sources = [
    ...filesUnder('server'),
    'scripts/start.ts',
    'scripts/build.ts',
    'scripts/dev.ts',
    'scripts/dev-env.ts',
    'scripts/emulator.ts',
  ];
  const read = new Set(sources.flatMap(variablesReadBy));
  const table = configurationTable();

  it('reads the table (it has the variables of server/config.ts)', () => {
    expect(table).toContain('DATABASE_URL');
    expect(read).toContain('DATABASE_URL');
    expect(read).toContain('S3_BUCKET');
  });

  it('lists every variable the server and its scripts read', () => {
    expect([...read].filter((name) => !table.includes(name)).sort()).toEqual([]);
  });

  it('lists nothing they do not read, each once', () => {
    expect(table.filter((name) => !read.has(name) && !READ_BY_LIBRARIES.includes(name))).toEqual([]);
    expect(table.filter((name, i) => table.indexOf(name) !== i)).toEqual([]);
  });
});
