import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@server/db/client';

/**
 * The server tests on PGlite each open a database of their own: made and migrated once here, dumped to a file, and
 * loaded by every test file (tests/support/server.ts) instead of each running the cluster's creation and every
 * migration again (docs/testing.md).
 */
export default async function setup() {
  const folder = mkdtempSync(join(tmpdir(), 'contabil-pglite-template-'));
  const database = await openDatabase({ kind: 'pglite' });
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
  await database.close();
  process.env.PGLITE_TEMPLATE = file;
  return () => rmSync(folder, { recursive: true, force: true });
}
