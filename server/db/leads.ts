import type { SQL } from 'drizzle-orm';
import { count, desc, or, sql } from 'drizzle-orm';
import type { Lead, Page } from '@domain';
import type { Database } from './client';
import { leads } from './schema';
import { containing } from './like';

/** Part of the name or e-mail, accents and case ignored (the LIKE wildcards typed are taken literally). */
function searchCondition(query: string): SQL | undefined {
  const pattern = containing(query);
  return or(sql`unaccent(${leads.name}) ilike unaccent(${pattern})`, sql`${leads.email} ilike ${pattern}`);
}

/** The site's contacts, newest first. */
export async function listLeads(db: Database, filter: { q?: string; limit: number; offset: number }): Promise<Page<Lead>> {
  const where = filter.q ? searchCondition(filter.q) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(leads).where(where).orderBy(desc(leads.createdAt), desc(leads.id)).limit(filter.limit).offset(filter.offset),
    db.select({ total: count() }).from(leads).where(where),
  ]);
  return {
    total,
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      planId: row.planId,
      source: row.source,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
