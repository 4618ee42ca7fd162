import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CnaeRow } from '@domain';
import { findCnaes } from '@server/db/cnaes';
import { cnaes } from '@server/db/schema';
import { seedReferenceData } from '@server/seed/reference';
import { forgetActivityCatalog } from '@server/services/activity-catalog';
import type { TestServer } from '../support/server';
import { engine, startTestServer } from '../support/server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await seedReferenceData(server.db);
});
afterAll(() => server?.close());

async function search(query: Record<string, string> = {}) {
  const { status, body } = await server.call(`/api/cnaes?${new URLSearchParams(query)}`);
  expect(status).toBe(200);
  return body as { total: number; data: CnaeRow[] };
}

const codesOf = (page: { data: CnaeRow[] }) => page.data.map((cnae) => cnae.code);

describe(`GET /api/cnaes (${engine})`, () => {
  it('lists every subclass by code, 10 a page, without a token', async () => {
    const page = await search();
    expect(page.total).toBe(1331);
    expect(codesOf(page)).toHaveLength(10);
    expect(codesOf(page)[0]).toBe('0111301');
    expect(codesOf(page)).toEqual([...codesOf(page)].sort());
  });

  it('answers { total, data } with the rows in snake_case (docs/rules.md, conventions)', async () => {
    const { body } = await server.call('/api/cnaes?search=6920601');
    expect(Object.keys(body).sort()).toEqual(['data', 'total']);
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        'code',
        'formatted',
        'text',
        'tax_rates',
        'is_allowed_mei',
        'is_r_factor',
        'cnae_allowed_activities',
        'cnae_not_allowed_activities',
        'obs',
        'hierarchy',
        'is_active',
      ].sort(),
    );
    expect(body.data[0]).toMatchObject({
      code: '6920601',
      formatted: '6920-6/01',
      text: 'Atividades de contabilidade',
      is_allowed_mei: false,
      cnae_allowed_activities: [],
      cnae_not_allowed_activities: [],
      is_active: true,
      hierarchy: {
        section: { code: 'M', text: 'ATIVIDADES PROFISSIONAIS, CIENTÍFICAS E TÉCNICAS' },
        division: { code: '69', text: 'ATIVIDADES JURÍDICAS, DE CONTABILIDADE E DE AUDITORIA' },
        group: { code: '692' },
        class: { code: '69206' },
      },
    });
  });

  it('pages with limit and offset, and knows the total past the end', async () => {
    const all = await search({ limit: '20' });
    const second = await search({ limit: '5', offset: '10' });
    expect(codesOf(second)).toEqual(codesOf(all).slice(10, 15));
    expect(second.total).toBe(1331);
    expect(await search({ offset: '5000' })).toEqual({ total: 1331, data: [] });
  });

  it.each(['6920601', '6920-6/01', '6920.6-01', ' 6920-6/01 '])('finds a subclass by its code: %j', async (code) => {
    expect(await search({ search: code })).toMatchObject({ total: 1, data: [{ code: '6920601' }] });
  });

  it('finds every subclass whose code begins with what was typed', async () => {
    expect(codesOf(await search({ search: '69206' }))).toEqual(['6920601', '6920602']);
    const division = await search({ search: '62' });
    expect(division.total).toBeGreaterThan(5);
    expect(division.data.every((cnae) => cnae.code.startsWith('62'))).toBe(true);
  });

  it.each(['contabilidade', 'contabil', 'CONTÁBIL', 'Contábil', 'atividades de contabilidade'])(
    'finds by words, whatever the accents, case or Portuguese word form: %j',
    async (words) => {
      const page = await search({ search: words });
      expect(codesOf(page)).toContain('6920601');
      expect(codesOf(page).indexOf('6920601')).toBeLessThan(2);
    },
  );

  it('ranks the subclass named by the words first', async () => {
    expect(codesOf(await search({ search: 'contabilidade' }))[0]).toBe('6920601');
    expect(codesOf(await search({ search: 'cabeleireiros' }))[0]).toBe('9602501');
    expect(codesOf(await search({ search: 'programas de computador sob encomenda' }))[0]).toBe('6201501');
  });

  it('reads the last word as a prefix while it is being typed', async () => {
    for (const typed of ['cont', 'contab', 'contabi', 'contabilid', 'contabilida', 'contabilidad', 'atividades de contab'])
      expect(codesOf(await search({ search: typed, limit: '50' })), typed).toContain('6920601');
    expect(codesOf(await search({ search: 'cabelei' }))[0]).toBe('9602501');
  });

  it('needs every word typed: more words narrow the answer', async () => {
    const broad = await search({ search: 'comércio varejista' });
    const narrow = await search({ search: 'comércio varejista calçados' });
    expect(narrow.total).toBeLessThan(broad.total);
    expect(codesOf(narrow)).toContain('4782201');
  });

  it('finds by the words people use, not only the table’s (luca’s dictionary)', async () => {
    expect(codesOf(await search({ search: 'salão de beleza' }))[0]).toBe('9602501');
    expect(codesOf(await search({ search: 'desenvolvimento de software' })).slice(0, 5)).toContain('6201501');
    expect(codesOf(await search({ search: 'comércio varejista de roupas' })).slice(0, 5)).toContain('4781400');
    expect(codesOf(await search({ search: 'dentista' }))[0]).toBe('8630504');
  });

  it('ranks a business described in plain words as luca’s suggester does: one ranking for every search by words', async () => {
    const description = 'vendo bolo de pote pela internet';
    const page = await search({ search: description, limit: '20' });
    // Made and sold by the person: the bakery and confectionery production, or food made to order.
    expect(
      codesOf(page)
        .slice(0, 3)
        .some((code) => ['1091102', '5620104'].includes(code)),
      codesOf(page).join(', '),
    ).toBe(true);
    const user = await server.createUser();
    const match = await server.call('/api/luca/cnaes/match', {
      method: 'POST',
      token: user.token,
      body: { intent: description },
    });
    expect(codesOf(page).slice(0, 5)).toEqual((match.body.data as CnaeRow[]).map((row) => row.code).slice(0, 5));
    // Words typed badly or without accents find the same.
    expect(codesOf(await search({ search: 'pizaria com entrega' }))[0]).toBe('5611201');
    expect(codesOf(await search({ search: 'acougue' }))[0]).toBe(codesOf(await search({ search: 'açougue' }))[0]);
  });

  it('reads what is done before what it is done to, in the search and the suggester alike', async () => {
    const user = await server.createUser();
    // Described in a sentence, the repair shop and the home-made sweets once brought construction and toy shops.
    for (const [description, accepted, unrelated] of [
      ['eu faço conserto de celular aqui no bairro', ['9512600'], ['41', '43', '4752', '4763']],
      ['eu vendo bolo de pote que faço em casa pra ajudar na renda', ['1091102', '5620104'], ['41', '42', '43', '4763']],
    ] as const) {
      const found = codesOf(await search({ search: description, limit: '20' })).slice(0, 3);
      const match = await server.call('/api/luca/cnaes/match', {
        method: 'POST',
        token: user.token,
        body: { intent: description },
      });
      expect((match.body.data as CnaeRow[]).map((row) => row.code).slice(0, 3)).toEqual(found);
      expect(
        found.some((code) => (accepted as readonly string[]).includes(code)),
        found.join(', '),
      ).toBe(true);
      expect(found.filter((code) => unrelated.some((prefix) => code.startsWith(prefix)))).toEqual([]);
    }
    expect(await search({ search: 'asdf qwer zxcv' })).toEqual({ total: 0, data: [] });
  });

  it('answers an empty page when nothing matches', async () => {
    expect(await search({ search: 'xyzwq' })).toEqual({ total: 0, data: [] });
    expect(await search({ search: '!!!' })).toEqual({ total: 0, data: [] });
    expect(await search({ search: '9999' })).toEqual({ total: 0, data: [] });
  });

  it('filters by isActive', async () => {
    await server.db.update(cnaes).set({ isActive: false }).where(eq(cnaes.code, '6920602'));
    // The words are searched in memory: reference data changed, the catalog is built again.
    forgetActivityCatalog(server.db);
    try {
      expect(await search({ isActive: 'false' })).toMatchObject({ total: 1, data: [{ code: '6920602', is_active: false }] });
      expect((await search({ isActive: 'true' })).total).toBe(1330);
      expect(codesOf(await search({ search: 'contabil', isActive: 'true' }))).not.toContain('6920602');
      expect(codesOf(await search({ search: 'contabil' }))).toContain('6920602');
    } finally {
      await server.db.update(cnaes).set({ isActive: true }).where(eq(cnaes.code, '6920602'));
      forgetActivityCatalog(server.db);
    }
  });

  it('searches a business described at length, as the suggester reads it', async () => {
    // Past 100 characters, where a search box's limit would cut the one word that says the activity.
    const described =
      'Olá, boa tarde, vim aqui porque estou querendo abrir meu CNPJ e queria saber qual atividade colocar: eu faço contabilidade pra pequenas empresas';
    expect(described.length).toBeGreaterThan(130);
    expect(codesOf(await search({ search: described })).slice(0, 3)).toContain('6920601');
  });

  it.each([
    [{ isActive: 'talvez' }, 'isActive', 'O filtro de situação deve ser "true" ou "false".'],
    [{ limit: '0' }, 'limit', 'O limite deve ser um número entre 1 e 100.'],
    [{ offset: '-1' }, 'offset', 'O deslocamento deve ser um número inteiro não negativo.'],
    [{ search: 'x'.repeat(501) }, 'search', 'A busca pode ter no máximo 500 caracteres.'],
  ])('refuses %j with 400 and a message in Portuguese', async (query, field, message) => {
    const { status, body } = await server.call(`/api/cnaes?${new URLSearchParams(query)}`);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'bad_request', message, fields: { [field]: message } });
  });
});

describe('findCnaes', () => {
  it('answers the subclasses asked for, in the order asked, leaving out unknown codes', async () => {
    const rows = await findCnaes(server.db, ['9602501', '0000000', '6920601']);
    expect(rows.map((row) => row.code)).toEqual(['9602501', '6920601']);
    expect(rows[0]).toMatchObject({ formatted: '9602-5/01', is_allowed_mei: true });
    expect(await findCnaes(server.db, [])).toEqual([]);
  });
});

describe(`GET /api/municipalities (${engine})`, () => {
  it('lists a state’s IBGE municipalities by name, without a token; refuses a state that is none', async () => {
    const { status, body } = await server.call('/api/municipalities?state=AC');
    expect(status).toBe(200);
    // Acre has 22 municipalities (IBGE).
    expect(body.total).toBe(22);
    expect(body.data.slice(0, 3)).toEqual([
      { ibgeCode: '1200013', name: 'Acrelândia' },
      { ibgeCode: '1200054', name: 'Assis Brasil' },
      { ibgeCode: '1200104', name: 'Brasiléia' },
    ]);
    const wrong = await server.call('/api/municipalities?state=XX');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ state: 'Informe a UF (ex.: SP).' });
  });
});
