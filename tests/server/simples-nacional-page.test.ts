import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { TEST_SITE_ASSETS, startTestServer } from '../support/server';
import { decodeHtml } from '../support/html';

/**
 * The public calculator (`/tools/simples-nacional`, docs/taxes.md): a GET form the server answers with the DAS worked
 * out line by line, before any script runs. Expected figures are the Manual do PGDAS-D e DEFIS's, worked by hand in
 * tests/domain/taxes/simples-nacional.test.ts.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ site: {} });
});
afterAll(() => server?.close());

/** The main content's text as a reader gets it, spaces (the currency's no-break one too) made plain. */
const mainText = (html: string) =>
  decodeHtml((/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

async function get(path: string) {
  const response = await fetch(`${server.baseUrl}${path}`);
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, text: mainText(html) };
}
const calculate = (query: Record<string, string>) => get(`/tools/simples-nacional?${new URLSearchParams(query)}`);

/** The error under a field: its id is the input's `aria-describedby`. */
const errorOf = (html: string, field: string) =>
  decodeHtml(new RegExp(`<p id="sn-${field}-error"[^>]*>([^<]*)</p>`).exec(html)?.[1] ?? '');

describe('GET /tools/simples-nacional', () => {
  it('shows the empty calculator, indexable, cached, with only the site script', async () => {
    const page = await get('/tools/simples-nacional');
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<h1[^>]*>Calculadora do Simples Nacional<\/h1>/);
    expect(page.html).toMatch(/<form [^>]*action="\/tools\/simples-nacional" method="get"/);
    expect(page.html).toContain(`<link rel="canonical" href="${server.baseUrl}/tools/simples-nacional"/>`);
    expect(page.html).not.toContain('name="robots"');
    expect(page.headers.get('cache-control')).toContain('public');
    expect(page.text).toContain('Preencha o anexo, a receita dos últimos 12 meses e a do mês.');
    const scripts = [...page.html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1]);
    expect([...scripts, ...(/<html[^>]* data-scripts="([^"]*)"/.exec(page.html)?.[1].split(' ') ?? [])]).toEqual(
      TEST_SITE_ASSETS.scripts,
    );
  });

  it('works out the Manual example 4 line by line: Anexo III, RBT12 R$ 500.000,00, R$ 10.000,00 → R$ 997,20', async () => {
    const page = await calculate({ annex: 'III', rbt12: '500.000,00', revenue: '10.000,00', competence: '2026-10' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('DAS de 10/2026: R$ 997,20');
    expect(page.text).toContain('Anexo III, o escolhido.');
    expect(page.text).toContain('3ª faixa do Anexo III: de R$ 360.000,01 até R$ 720.000,00');
    expect(page.text).toContain('Alíquota nominal 13,50 %');
    expect(page.text).toContain('Parcela a deduzir R$ 17.640,00');
    expect(page.text).toContain('(R$ 500.000,00 × 13,50 % − R$ 17.640,00) ÷ R$ 500.000,00 = 9,972 %');
    // Each tax: revenue × effective × share, rounded to the centavo.
    for (const line of [
      'IRPJ R$ 10.000,00 × 9,972 % × 4,00 % R$ 39,89',
      'CSLL R$ 10.000,00 × 9,972 % × 3,50 % R$ 34,90',
      'Cofins R$ 10.000,00 × 9,972 % × 13,64 % R$ 136,02',
      'PIS/Pasep R$ 10.000,00 × 9,972 % × 2,96 % R$ 29,52',
      'CPP (INSS patronal) R$ 10.000,00 × 9,972 % × 43,40 % R$ 432,78',
      'ISS R$ 10.000,00 × 9,972 % × 32,50 % R$ 324,09',
      'Soma dos tributos, cada um arredondado ao centavo R$ 997,20',
    ])
      expect(page.text).toContain(line);
    // Each set of figures is its own address: not one to index.
    expect(page.html).toContain('<meta name="robots" content="noindex"');
    expect(page.html).toContain('value="500.000,00"');
  });

  it('lets the Fator R choose the annex and says why: 28 % moves to Anexo III, 27,99… % stays in V', async () => {
    const base = { annex: 'fator-r', rbt12: '500.000,00', revenue: '10.000,00', competence: '2026-10' };
    const moved = await calculate({ ...base, payroll12: '140.000,00' });
    expect(moved.text).toContain('DAS de 10/2026: R$ 997,20');
    expect(moved.text).toContain('Anexo III, pelo Fator R');
    expect(moved.text).toMatch(/= R\$ 140\.000,00 ÷ R\$ 500\.000,00 = 28,00 % ?, igual ou acima de 28,00 %/);
    // Manual example 5: Anexo V, (500.000 × 19,5 % − 9.900) ÷ 500.000 = 17,52 % → R$ 1.752,00.
    const stays = await calculate({ ...base, payroll12: '139.999,99' });
    expect(stays.text).toContain('DAS de 10/2026: R$ 1.752,00');
    expect(stays.text).toMatch(/= R\$ 139\.999,99 ÷ R\$ 500\.000,00 = 27,9999 % ?, abaixo de 28,00 %/);
    expect(stays.text).toContain('(R$ 500.000,00 × 19,50 % − R$ 9.900,00) ÷ R$ 500.000,00 = 17,52 %');
  });

  it('computes exports with their own RBT12: the Manual example 6, R$ 9.935,02 + R$ 2.154,76 = R$ 12.089,78', async () => {
    const page = await calculate({
      annex: 'I',
      rbt12: '2.000.000,00',
      revenue: '100.000,00',
      exportRbt12: '1.000.000,00',
      exportRevenue: '50.000,00',
      competence: '2018-01',
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Mercado interno: R$ 9.935,02');
    expect(page.text).toContain('Exportação: R$ 2.154,76');
    expect(page.text).toContain('RBT12 das exportações R$ 1.000.000,00');
    expect(page.text).toContain('Total do DAS: R$ 9.935,02 + R$ 2.154,76 = R$ 12.089,78');
    // The export line has no Cofins, PIS or ICMS.
    const exportPart = page.text.slice(page.text.indexOf('Exportação: R$'), page.text.indexOf('Total do DAS'));
    expect(exportPart).not.toMatch(/Cofins|PIS\/Pasep|ICMS R\$/);
  });

  it('says what is wrong next to each field, in Portuguese, with a 400 and nothing cached', async () => {
    const page = await calculate({ annex: 'I', rbt12: '12.50', revenue: '', payroll12: '1.000,00' });
    expect(page.status).toBe(400);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(errorOf(page.html, 'rbt12')).toBe('Informe um valor em reais, como 1.234,56.');
    expect(errorOf(page.html, 'revenue')).toBe('Informe a receita do mês.');
    // The JSON route's own schema says this one.
    expect(errorOf(page.html, 'payroll12')).toBe('O Fator R (folha de salários) vale só para as atividades dos anexos III e V.');
    expect(page.html).toMatch(/id="sn-rbt12"[^>]*aria-invalid="true"[^>]*aria-describedby="sn-rbt12-hint sn-rbt12-error"/);
    expect(page.text).toContain('Corrija os campos indicados para ver o cálculo.');
    // What was typed stays in the form.
    expect(page.html).toContain('value="12.50"');
  });

  it.each([
    [{ rbt12: '1,00', revenue: '1,00' }, 'annex', 'Informe o anexo do Simples Nacional: I, II, III, IV ou V.'],
    [
      { annex: 'I', rbt12: '4.800.000,01', revenue: '1,00' },
      'rbt12',
      'A receita bruta dos últimos 12 meses (RBT12) passa do limite do Simples Nacional, R$ 4.800.000,00.',
    ],
    [
      { annex: 'fator-r', rbt12: '1,00', revenue: '1,00' },
      'payroll12',
      'Informe a folha de salários dos últimos 12 meses (com o pró-labore) para calcular o Fator R.',
    ],
    [
      { annex: 'V', rbt12: '1,00', revenue: '1,00', payroll12: '5,00' },
      'payroll12',
      'A folha de salários só conta para o Fator R: escolha “III ou V, pelo Fator R”, ou deixe em branco.',
    ],
    [
      { annex: 'I', rbt12: '1,00', revenue: '1,00', exportRevenue: '1,00' },
      'exportRbt12',
      'Informe também a receita de exportação dos últimos 12 meses (RBT12 das exportações).',
    ],
    [
      { annex: 'I', rbt12: '1,00', revenue: '1,00', competence: '2017-12' },
      'competence',
      'As tabelas do Simples Nacional guardadas valem a partir de 2018-01.',
    ],
  ])('refuses %j with the message under %s', async (query, field, message) => {
    const page = await calculate(query);
    expect(page.status).toBe(400);
    expect(errorOf(page.html, field)).toBe(message);
  });

  it('is linked from every page’s footer and listed in the sitemap', async () => {
    const home = await get('/');
    expect(home.html).toContain('<a href="/tools/simples-nacional"');
    const sitemap = await (await fetch(`${server.baseUrl}/sitemaps/paginas.xml`)).text();
    expect(sitemap).toContain(`<loc>${server.baseUrl}/tools/simples-nacional</loc>`);
    expect(server.errors).toEqual([]);
  });
});
