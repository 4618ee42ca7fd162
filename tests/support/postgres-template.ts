import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '@server/db/client';

/**
 * The server tests on PostgreSQL each make a database of their own: copied (`CREATE DATABASE … TEMPLATE`, ~0.1 s) from
 * one migrated here once, instead of each running every migration (~0.9 s a file; docs/testing.md).
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const name = `contabil_template_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  // Migrated, then closed: a database is copied only while nobody is connected to it.
  await (await openDatabase({ kind: 'postgres', url: target.toString(), maxConnections: 1 })).close();
  process.env.POSTGRES_TEMPLATE = name;
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
