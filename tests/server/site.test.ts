import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads } from '@server/db/schema';
import { seedReferenceData } from '@server/seed/reference';
import type { TestServer } from '../support/server';
import { startTestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedReferenceData(server.db);
});
afterAll(() => server?.close());

describe('POST /api/leads (docs/rules.md)', () => {
  it('answers the exact messages and stores nothing for bad input', async () => {
    const bad = await server.call('/api/leads', { method: 'POST', body: { name: 'Ana', email: 'ana@', phone: '(11) 9999' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ email: 'E-mail inválido', phone: 'Celular inválido' });
    const [{ n }] = await server.db.select({ n: count() }).from(leads);
    expect(n).toBe(0);
  });

  it('keeps a lead without signing in, phone optional', async () => {
    const ok = await server.call('/api/leads', {
      method: 'POST',
      body: { name: 'Ana Souza', email: 'Ana@Exemplo.com.br', phone: '+55 (11) 98765-4321', planId: 'essencial', source: '/' },
    });
    expect(ok.status).toBe(201);
    const noPhone = await server.call('/api/leads', { method: 'POST', body: { name: 'Bruno', email: 'bruno@exemplo.com.br' } });
    expect(noPhone.status).toBe(201);
    const rows = await server.db.select().from(leads);
    expect(rows.find((row) => row.name === 'Ana Souza')).toMatchObject({
      email: 'ana@exemplo.com.br',
      phone: '+5511987654321',
      planId: 'essencial',
    });
    const badPlan = await server.call('/api/leads', {
      method: 'POST',
      body: { name: 'C', email: 'c@exemplo.com.br', planId: 'ouro' },
    });
    expect(badPlan.body.error.fields).toEqual({ planId: 'Escolha um dos planos.' });
  });
});

describe('GET /api/admin/leads', () => {
  it('shows the team the contacts, newest first, by name or e-mail; nobody else', async () => {
    const admin = await server.createUser({ roles: ['system-admin'] });
    const customer = await server.createUser();
    for (const name of ['Célia Antunes', 'Davi Ramos', 'Célio Barros']) {
      const sent = await server.call('/api/leads', {
        method: 'POST',
        body: {
          name,
          email: `${name.split(' ')[0].normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}@contato.com.br`,
          source: '/contabilidade-em/recife-pe',
        },
      });
      expect(sent.status).toBe(201);
    }
    const all = await server.call('/api/admin/leads', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.data.slice(0, 3).map((lead: { name: string }) => lead.name)).toEqual([
      'Célio Barros',
      'Davi Ramos',
      'Célia Antunes',
    ]);
    expect(all.body.data[0]).toMatchObject({ email: 'celio@contato.com.br', source: '/contabilidade-em/recife-pe' });
    const found = await server.call('/api/admin/leads?q=celi', { token: admin.token });
    expect(found.body).toMatchObject({ total: 2 });
    expect((await server.call('/api/admin/leads?limit=1&offset=1', { token: admin.token })).body.data).toHaveLength(1);
    expect((await server.call('/api/admin/leads', { token: customer.token })).status).toBe(403);
    expect((await server.call('/api/admin/leads')).status).toBe(401);
  });
});

describe('GET /api/city-search', () => {
  it('finds cities by the start of their name or a word, accents and case aside, 5 by default', async () => {
    const sao = await server.call('/api/city-search?q=S%C3%A3o%20Pau');
    expect(sao.status).toBe(200);
    expect(sao.body.data[0]).toEqual({ ibgeCode: '3550308', name: 'São Paulo', state: 'SP', slug: 'sao-paulo-sp' });
    expect(sao.body.data.length).toBeLessThanOrEqual(5);
    const paulo = await server.call('/api/city-search?q=paulo&limit=20');
    expect(paulo.body.data.map((c: { name: string }) => c.name)).toEqual(expect.arrayContaining(['São Paulo', 'Paulo Afonso']));
    const noAccent = await server.call('/api/city-search?q=goiania');
    expect(noAccent.body.data[0]).toMatchObject({ name: 'Goiânia', state: 'GO' });
    expect((await server.call('/api/city-search?q=%25')).body.data).toEqual([]);
    expect((await server.call('/api/city-search?q=sao&limit=99')).status).toBe(400);
    expect((await server.call('/api/city-search')).body.error.message).toBe('Digite o nome da cidade.');
  });
});
