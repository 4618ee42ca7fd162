import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CnaeMatch } from '@domain';
import { seedReferenceData } from '@server/seed/reference';
import type { TestServer } from '../support/server';
import { engine, startTestServer } from '../support/server';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  [, { token }] = await Promise.all([seedReferenceData(server.db), server.createUser()]);
});
afterAll(() => server?.close());

const INTENT_MESSAGE = 'Descreva a atividade da empresa em poucas palavras.';

async function match(intent: string): Promise<CnaeMatch[]> {
  const { status, body } = await server.call('/api/luca/cnaes/match', { method: 'POST', token, body: { intent } });
  expect(status).toBe(200);
  return body.data;
}

async function suggest(body: Record<string, unknown>): Promise<string[]> {
  const response = await server.call('/api/luca/companies/alias-suggest', { method: 'POST', token, body });
  expect(response.status).toBe(200);
  return response.body.data;
}

const codes = (matches: CnaeMatch[]) => matches.map((m) => m.code);

describe(`POST /api/luca/cnaes/match (${engine})`, () => {
  it('ranks Cabeleireiros, manicure e pedicure first for a beauty salon', async () => {
    const matches = await match('salão de beleza');
    expect(matches[0]).toMatchObject({ code: '9602501', formatted: '9602-5/01', text: 'Cabeleireiros, manicure e pedicure' });
    expect(codes(await match('SALAO DE BELEZA'))[0]).toBe('9602501');
  });

  it('finds software development to order among the first three', async () => {
    expect(codes(await match('desenvolvo software sob encomenda')).slice(0, 3)).toContain('6201501');
  });

  // Everyday descriptions, and the subclass an accountant would choose among the first ones.
  it.each([
    ['sou dentista', ['8630504'], 1],
    ['sou dentista e atendo no meu consultório', ['8630504'], 1],
    ['sou psicóloga', ['8650003'], 1],
    ['escritório de advocacia', ['6911701'], 1],
    ['vendo roupas femininas pela internet', ['4781400'], 3],
    ['quero abrir uma loja de roupas', ['4781400'], 3],
    ['faço bolos e doces para festas', ['1091102', '5620104', '4721102'], 3],
    ['faço marmitas em casa', ['5620104'], 1],
    ['conserto de carros', ['4520001'], 3],
    ['trabalho como motorista de aplicativo', ['4923002'], 3],
    ['sou personal trainer', ['9313100'], 3],
    ['faxina em residências', ['8121400', '9700500'], 3],
    ['banho e tosa de cachorros', ['9609208'], 3],
    ['aulas particulares de matemática', ['8599699'], 3],
    ['corretor de imóveis', ['6821801', '6821802'], 2],
    // How people type it, and words that would drag the match elsewhere.
    ['sou cabelereira', ['9602501'], 1],
    ['sou diarista', ['9700500'], 1],
    ['suporte de TI para empresas', ['6209100'], 3],
    ['engenheiro civil', ['7112000'], 1],
    ['escola de música', ['8592903'], 1],
    ['DJ para festas', ['9001906'], 1],
    ['designer gráfico', ['7410299'], 1],
    ['dropshipping', ['4789099'], 3],
    // Words the dictionary does not know are matched as they are.
    ['fabricação de cerveja artesanal', ['1113502'], 3],
    ['confecção de roupas íntimas', ['1411801'], 1],
  ])('%j → one of %j among the first %i', async (intent, expected, within) => {
    const found = codes(await match(intent)).slice(0, within);
    expect(
      found.some((code) => expected.includes(code)),
      `${intent}: ${found.join(', ')}`,
    ).toBe(true);
  });

  it('answers at most 10 active subclasses in snake_case, best first, each with a score from 0 to 1', async () => {
    const matches = await match('conserto de carros e motos');
    expect(matches.length).toBeGreaterThan(3);
    expect(matches.length).toBeLessThanOrEqual(10);
    expect(matches[0]).toHaveProperty('is_allowed_mei');
    expect(matches[0]).toHaveProperty('hierarchy.class.code');
    for (const m of matches) {
      expect(m.is_active).toBe(true);
      expect(m.score).toBeGreaterThan(0);
      expect(m.score).toBeLessThanOrEqual(1);
    }
    const scores = matches.map((m) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(new Set(codes(matches)).size).toBe(matches.length);
  });

  it('answers an empty list when nothing in the description names an activity', async () => {
    expect(await match('xyzwq qwrtz')).toEqual([]);
    expect(await match('eu sou')).toEqual([]);
  });

  it('asks for a description in Portuguese when it is missing or too short', async () => {
    for (const body of [{}, { intent: '' }, { intent: ' a ' }, { intent: 'x'.repeat(501) }]) {
      const response = await server.call('/api/luca/cnaes/match', { method: 'POST', token, body });
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'bad_request', message: INTENT_MESSAGE, fields: { intent: INTENT_MESSAGE } });
    }
  });

  it('needs a signed-in user', async () => {
    const anonymous = await server.call('/api/luca/cnaes/match', { method: 'POST', body: { intent: 'salão de beleza' } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthorized');
    const forged = await server.call('/api/luca/cnaes/match', { method: 'POST', token: 'x.y.z', body: { intent: 'salão' } });
    expect(forged.status).toBe(401);
  });
});

describe(`POST /api/luca/companies/alias-suggest (${engine})`, () => {
  const CONNECTORS = ['de', 'da', 'do', 'das', 'dos', 'e'];
  /** Other short words a title may keep in lower case ("Software sob Encomenda", "Marmitas em Casa"). */
  const MINOR_WORDS = [
    'a',
    'o',
    'as',
    'os',
    'ao',
    'aos',
    'à',
    'em',
    'na',
    'no',
    'nas',
    'nos',
    'para',
    'por',
    'com',
    'sem',
    'sob',
  ];

  function expectGoodNames(names: string[]) {
    expect(names.length).toBeGreaterThanOrEqual(5);
    expect(names.length).toBeLessThanOrEqual(8);
    expect(new Set(names.map((name) => name.toLocaleLowerCase('pt-BR'))).size).toBe(names.length);
    for (const name of names) {
      expect(name.length).toBeLessThanOrEqual(60);
      expect(name).toBe(name.trim());
      const [first, ...rest] = name.split(' ');
      expect(first[0]).toBe(first[0].toLocaleUpperCase('pt-BR'));
      for (const word of rest) {
        if (CONNECTORS.includes(word.toLocaleLowerCase('pt-BR'))) expect(word, name).toBe(word.toLocaleLowerCase('pt-BR'));
        else if (/^\p{L}/u.test(word) && !MINOR_WORDS.includes(word))
          expect(word[0], name).toBe(word[0].toLocaleUpperCase('pt-BR'));
      }
    }
  }

  it('builds 5 to 8 distinct trade names from the business and the owner’s first name', async () => {
    const names = await suggest({ intent: 'faço bolos e doces para festas', ownerName: 'juliana souza' });
    expectGoodNames(names);
    expect(names.some((name) => name.includes('Juliana'))).toBe(true);
    expect(names).toContain('Doces da Juliana');
    expect(names.some((name) => name.includes('Souza'))).toBe(false);
    expect(names.join(' ')).toMatch(/Confeitaria/);
  });

  it('answers the same names for the same input', async () => {
    const input = { intent: 'salão de beleza', ownerName: 'Ana Paula', activity: '9602-5/01' };
    expect(await suggest(input)).toEqual(await suggest(input));
  });

  it('uses the chosen activity when the description says little', async () => {
    const names = await suggest({ intent: 'minha empresa', activity: '6920601', ownerName: 'Carlos' });
    expectGoodNames(names);
    expect(names.join(' ')).toMatch(/Cont[aá]b/);
    expect(names).toContain('Contabilidade do Carlos');
  });

  it.each([
    { intent: 'conserto de carros' },
    { intent: 'criação de minhocas' },
    { intent: 'xyz' },
    { intent: 'eu sou', ownerName: 'Zé' },
    { intent: 'desenvolvo software sob encomenda', ownerName: 'Maria', activity: '0000000' },
    { intent: 'a'.repeat(60) + ' ' + 'b'.repeat(60) },
  ])('always answers well-formed names: %j', async (input) => {
    expectGoodNames(await suggest(input));
  });

  it('refuses a bad activity code, a long name or a missing description with messages in Portuguese', async () => {
    const call = (body: unknown) => server.call('/api/luca/companies/alias-suggest', { method: 'POST', token, body });
    expect((await call({ intent: 'doces', activity: 'abc' })).body.error.fields).toEqual({
      activity: 'Informe o código CNAE da atividade com 7 dígitos.',
    });
    expect((await call({ intent: 'doces', ownerName: 'x'.repeat(121) })).body.error.fields).toEqual({
      ownerName: 'O nome pode ter no máximo 120 caracteres.',
    });
    const missing = await call({ ownerName: 'Ana' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(INTENT_MESSAGE);
  });

  it('needs a signed-in user', async () => {
    const response = await server.call('/api/luca/companies/alias-suggest', { method: 'POST', body: { intent: 'doces' } });
    expect(response.status).toBe(401);
  });
});
