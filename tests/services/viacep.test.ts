import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addressFromViaCep, normalizeCep } from '@domain/viacep';
import { VIACEP_RECORDS, viaCepFake } from '@server/fakes/viacep';
import { lookupCep } from '@server/services/viacep';
import type { LocalServer } from './local-server';
import { listen, scriptedServer } from './local-server';

let stringErro: LocalServer;
let booleanErro: LocalServer;

beforeAll(async () => {
  stringErro = await listen(viaCepFake());
  booleanErro = await listen(viaCepFake({ erro: 'boolean' }));
});
afterAll(async () => {
  await stringErro.close();
  await booleanErro.close();
});

describe('the ViaCEP fake', () => {
  it('answers a known CEP with ViaCEP’s fields, every one a string', async () => {
    const response = await fetch(`${stringErro.url}/ws/01001000/json/`, { headers: { origin: 'http://localhost:5173' } });
    expect(response.status).toBe(200);
    // The browser calls it directly.
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.json()).toEqual({
      cep: '01001-000',
      logradouro: 'Praça da Sé',
      complemento: 'lado ímpar',
      unidade: '',
      bairro: 'Sé',
      localidade: 'São Paulo',
      uf: 'SP',
      estado: 'São Paulo',
      regiao: 'Sudeste',
      ibge: '3550308',
      gia: '1004',
      ddd: '11',
      siafi: '7107',
    });
  });

  it('answers an unknown CEP with 200 and erro, as a string by default or a boolean when asked', async () => {
    const older = await fetch(`${stringErro.url}/ws/99999999/json/`);
    expect(older.status).toBe(200);
    expect(await older.json()).toEqual({ erro: 'true' });
    const current = await fetch(`${booleanErro.url}/ws/99999999/json/`);
    expect(current.status).toBe(200);
    expect(await current.json()).toEqual({ erro: true });
  });

  it.each(['01001-000', '0100100', '010010000', 'abcdefgh'])('answers %s with a 400 HTML page', async (cep) => {
    const response = await fetch(`${stringErro.url}/ws/${cep}/json/`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toContain('Verifique a sua URL');
  });

  it('holds real cities: each IBGE code names the same city and state as the IBGE table', () => {
    const municipalities = JSON.parse(
      readFileSync(new URL('../../server/seed/data/municipalities.json', import.meta.url), 'utf8'),
    ) as { ibgeCode: string; name: string; state: string }[];
    const byCode = new Map(municipalities.map((m) => [m.ibgeCode, m]));
    expect(VIACEP_RECORDS.size).toBeGreaterThanOrEqual(25);
    for (const [digits, record] of VIACEP_RECORDS) {
      expect(record.cep).toBe(`${digits.slice(0, 5)}-${digits.slice(5)}`);
      expect(byCode.get(record.ibge), digits).toMatchObject({ name: record.localidade, state: record.uf });
      for (const value of Object.values(record)) expect(typeof value).toBe('string');
    }
    expect(new Set([...VIACEP_RECORDS.values()].map((r) => r.uf)).size).toBeGreaterThanOrEqual(15);
  });

  it('knows at least one CEP of every state capital, the Rio centre’s 20040-020 among them', () => {
    const capitals = [
      'Rio Branco/AC',
      'Maceió/AL',
      'Macapá/AP',
      'Manaus/AM',
      'Salvador/BA',
      'Fortaleza/CE',
      'Brasília/DF',
      'Vitória/ES',
      'Goiânia/GO',
      'São Luís/MA',
      'Cuiabá/MT',
      'Campo Grande/MS',
      'Belo Horizonte/MG',
      'Belém/PA',
      'João Pessoa/PB',
      'Curitiba/PR',
      'Recife/PE',
      'Teresina/PI',
      'Rio de Janeiro/RJ',
      'Natal/RN',
      'Porto Alegre/RS',
      'Porto Velho/RO',
      'Boa Vista/RR',
      'Florianópolis/SC',
      'São Paulo/SP',
      'Aracaju/SE',
      'Palmas/TO',
    ];
    const known = new Set([...VIACEP_RECORDS.values()].map((r) => `${r.localidade}/${r.uf}`));
    const missing = capitals.filter((capital) => !known.has(capital));
    expect(capitals).toHaveLength(27);
    expect(missing).toEqual([]);
    expect(VIACEP_RECORDS.get('20040020')).toMatchObject({ localidade: 'Rio de Janeiro', bairro: 'Centro' });
  });
});

describe('lookupCep (server adapter)', () => {
  it('finds the address of a CEP typed with a hyphen, without ViaCEP’s range description as complement', async () => {
    const address = await lookupCep('01001-000', { baseUrl: stringErro.url });
    expect(address).toEqual({ zipCode: '01001000', state: 'SP', city: 'São Paulo', street: 'Praça da Sé', neighborhood: 'Sé' });
  });

  it('works with a base URL that ends in a slash', async () => {
    expect(await lookupCep('20040002', { baseUrl: `${stringErro.url}/` })).toMatchObject({ city: 'Rio de Janeiro', state: 'RJ' });
  });

  it('answers null for an unknown CEP, whichever way ViaCEP spells erro', async () => {
    expect(await lookupCep('99999-999', { baseUrl: stringErro.url })).toBeNull();
    expect(await lookupCep('99999-999', { baseUrl: booleanErro.url })).toBeNull();
  });

  it.each(['0100100', '010010000', '01001-00a', ''])(
    'answers null for the malformed CEP "%s" without calling ViaCEP',
    async (cep) => {
      const fetchSpy = vi.fn(fetch);
      expect(await lookupCep(cep, { baseUrl: stringErro.url, fetch: fetchSpy })).toBeNull();
      expect(fetchSpy).not.toHaveBeenCalled();
    },
  );

  it('answers null and reports the error when ViaCEP cannot be reached', async () => {
    const onError = vi.fn();
    expect(await lookupCep('01001000', { baseUrl: 'http://127.0.0.1:1', onError })).toBeNull();
    expect(onError).toHaveBeenCalledOnce();
  });

  it('answers null and reports the error when ViaCEP fails or is too slow', async () => {
    const failing = await scriptedServer((_request, response) => {
      response.writeHead(503).end('Service Unavailable');
    });
    const slow = await scriptedServer((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'), 1_000);
    });
    try {
      const onError = vi.fn();
      expect(await lookupCep('01001000', { baseUrl: failing.url, onError })).toBeNull();
      expect(await lookupCep('01001000', { baseUrl: slow.url, onError, timeoutMs: 100 })).toBeNull();
      expect(onError).toHaveBeenCalledTimes(2);
    } finally {
      await failing.close();
      await slow.close();
    }
  });
});

describe('addressFromViaCep (shared with the browser)', () => {
  it('takes no address whose state is not one of the 27 UFs', () => {
    expect(addressFromViaCep({ ...VIACEP_RECORDS.get('30130010'), uf: 'XX' })).toBeNull();
  });

  it('reads a found CEP and ignores not-found answers and junk', () => {
    expect(addressFromViaCep({ ...VIACEP_RECORDS.get('30130010') })).toEqual({
      zipCode: '30130010',
      state: 'MG',
      city: 'Belo Horizonte',
      street: 'Avenida Afonso Pena',
      neighborhood: 'Centro',
    });
    for (const junk of [{ erro: true }, { erro: 'true' }, null, 'x', [], {}, { cep: '01001-000', uf: 'SP' }]) {
      expect(addressFromViaCep(junk)).toBeNull();
    }
  });

  it('keeps a city-wide CEP, leaving street and neighbourhood for the person to type', () => {
    expect(addressFromViaCep(VIACEP_RECORDS.get('19740000'))).toEqual({
      zipCode: '19740000',
      state: 'SP',
      city: 'Borá',
      street: '',
      neighborhood: '',
    });
  });

  it('normalizes a typed CEP', () => {
    expect(normalizeCep(' 01.001-000 ')).toBe('01001000');
    expect(normalizeCep('01001000')).toBe('01001000');
    expect(normalizeCep('1001000')).toBeNull();
    expect(normalizeCep('01001-00x')).toBeNull();
  });
});
