import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '@server/seed/reference';
import type { TestServer } from '../support/server';
import { TEST_SITE_ASSETS, startTestServer } from '../support/server';
import { decodeHtml } from '../support/html';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ site: {} });
  await seedReferenceData(server.db);
});
afterAll(() => server?.close());

interface Page {
  status: number;
  html: string;
  headers: Headers;
}

async function get(path: string, init: RequestInit = {}): Promise<Page> {
  const response = await fetch(`${server.baseUrl}${path}`, { redirect: 'manual', ...init });
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const textOf = (html: string) => decodeHtml(html.replace(/<[^>]+>/g, ''));

/** What a crawler reads without running any script. */
function seo(html: string) {
  const meta = (attr: 'name' | 'property', key: string) =>
    decodeHtml(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1] ?? '');
  return {
    title: decodeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    h1: textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? ''),
    description: meta('name', 'description'),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1],
    ogTitle: meta('property', 'og:title'),
    robots: meta('name', 'robots'),
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1])),
    // Scripts the page names: by `src`, or for its head script to load once the page is painted (`data-scripts`).
    scripts: [
      ...[...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1]),
      ...(/<html[^>]* data-scripts="([^"]*)"/.exec(html)?.[1].split(' ') ?? []),
    ],
    text: textOf(/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? ''),
  };
}

describe('public pages are complete HTML before any script runs', () => {
  it.each([
    ['/contabilidade-em/sao-paulo-sp', 'Contabilidade em São Paulo (SP)'],
    ['/contador-em/sao-paulo-sp', 'Contador em São Paulo (SP)'],
    ['/contabilidade-em/olhos-d-agua-mg', "Contabilidade em Olhos-d'Água (MG)"],
    ['/contador-em/brasilia-df', 'Contador em Brasília (DF)'],
    // Each city with the preposition it takes.
    ['/contabilidade-em/rio-de-janeiro-rj', 'Contabilidade no Rio de Janeiro (RJ)'],
    ['/contador-em/serra-es', 'Contador na Serra (ES)'],
    ['/contabilidade-em/recife-pe', 'Contabilidade em Recife (PE)'],
  ])('%s names the city in its h1 and title, with description, canonical and Open Graph', async (path, heading) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    const found = seo(page.html);
    expect(found.h1).toBe(heading);
    expect(found.title).toContain(heading);
    expect(found.description.length).toBeGreaterThan(50);
    expect(found.canonical).toBe(`${server.baseUrl}${path}`);
    expect(found.ogTitle).toBe(found.title);
    expect(found.jsonLd.map((item) => item['@type'])).toEqual(['AccountingService', 'BreadcrumbList', 'FAQPage']);
    // Links to other cities (of the same state when it has others), so every city page is reachable.
    const kind = path.split('/')[1];
    const others = /<nav aria-label="Outras cidades"[\s\S]*?<\/nav>/.exec(page.html)?.[0] ?? '';
    const links = [...others.matchAll(new RegExp(`href="(/${kind}/[a-z0-9-]+)"`, 'g'))].map((m) => m[1]);
    expect(links.filter((link) => link !== path).length).toBeGreaterThanOrEqual(10);
    if (!path.endsWith('-df')) expect(links.every((link) => link.endsWith(path.slice(-3)))).toBe(true);
    expect(page.headers.get('cache-control')).toContain('public');
  });

  it('says "no Rio de Janeiro" and "do Rio de Janeiro" everywhere the page builds the phrase, footer and meta included', async () => {
    const page = await get('/contador-em/rio-de-janeiro-rj');
    const found = seo(page.html);
    expect(found.description).toContain('no Rio de Janeiro (RJ)');
    expect(found.text).toContain('Como abrir uma empresa no Rio de Janeiro');
    expect(found.text).toContain('prefeitura do Rio de Janeiro');
    expect(page.html).toContain('Contabilidade no Rio de Janeiro</a>');
    expect(page.html).not.toMatch(/(em|de) Rio de Janeiro/);
    const faq = found.jsonLd.find((item) => item['@type'] === 'FAQPage');
    expect(JSON.stringify(faq)).toContain('empresa no Rio de Janeiro?');
  });

  it.each([
    '/contabilidade-em/cidade-que-nao-existe-sp',
    '/contabilidade-em/sao-paulo-rj',
    '/contador-em/sao-paulo',
    '/contador-em/atlantida-zz',
    '/contabilidade-em/100%25',
    '/contador-em/%25%25',
    '/tools/cnae/9999999-nada',
    '/tools/cnae/abc',
    '/blog/posts/post-que-nao-existe',
    '/areas/astronautas',
    '/lp/irpf/2019',
    '/links/nao-existe',
    '/pagina-inventada',
    '/404',
  ])('%s is a real 404 page', async (path) => {
    const page = await get(path);
    expect(page.status).toBe(404);
    expect(seo(page.html).h1).toBe('Página não encontrada');
    expect(seo(page.html).robots).toBe('noindex');
    expect(page.html).toContain('data-layout="institutional"');
  });

  it('sends a city address typed with accents or capitals to its proper form', async () => {
    const page = await get(`/contabilidade-em/${encodeURIComponent('São-Paulo-SP')}`);
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe('/contabilidade-em/sao-paulo-sp');
  });

  it('shows a CNAE subclass with its hierarchy and whether it can be MEI', async () => {
    const path = '/tools/cnae/6201501-desenvolvimento-de-programas-de-computador-sob-encomenda';
    const page = await get(path);
    expect(page.status).toBe(200);
    const found = seo(page.html);
    expect(found.h1).toBe('Desenvolvimento de programas de computador sob encomenda');
    expect(found.title).toContain('6201-5/01');
    expect(found.canonical).toBe(`${server.baseUrl}${path}`);
    expect(found.text).toContain('INFORMAÇÃO E COMUNICAÇÃO');
    expect(found.text).toContain('Atividades dos serviços de tecnologia da informação');
    expect(found.text).toContain('Desenvolvimento de programas de computador sob encomenda');
    expect(found.text).toMatch(/Pode ser MEI\?\s*Não\./);
    expect(found.text).toContain('Fator R');

    const hairdresser = seo((await get('/tools/cnae/9602501-cabeleireiros-manicure-e-pedicure')).html);
    expect(hairdresser.text).toMatch(/Pode ser MEI\?\s*Sim\./);
    expect(hairdresser.text).toContain('Cabeleireiro(a)');
  });

  it('leads any other text after a CNAE code to the canonical address', async () => {
    const page = await get('/tools/cnae/6920601-contabilidade');
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe('/tools/cnae/6920601-atividades-de-contabilidade');
  });

  it('searches CNAE on the server too, for a visitor without scripts', async () => {
    const described =
      'Olá, boa tarde, vim aqui porque estou querendo abrir meu CNPJ e queria saber qual atividade colocar: eu faço contabilidade pra pequenas empresas';
    for (const query of ['contabilidade', 'contabil', '6920601', '6920-6/01', described]) {
      const found = seo((await get(`/tools/cnae?q=${encodeURIComponent(query)}`)).html);
      expect(found.text, query).toContain('6920-6/01');
      expect(found.robots, query).toBe('noindex');
    }
  });

  it('says when a search text was longer than a search takes, and takes no more in the field', async () => {
    const long = `${'tenho um escritório e faço contabilidade pra pequenas empresas, '.repeat(8)}e folha de pagamento`;
    expect(long.length).toBeGreaterThan(500);
    const page = await get(`/tools/cnae?q=${encodeURIComponent(long)}`);
    const found = seo(page.html);
    expect(found.text).toContain('6920-6/01');
    expect(found.text).toContain('A busca considerou só os primeiros 500 caracteres do texto.');
    expect(page.html).toMatch(/<input[^>]*id="cnae-q"[^>]*maxLength="500"|<input[^>]*maxLength="500"[^>]*id="cnae-q"/i);
    const short = seo((await get('/tools/cnae?q=contabilidade')).html);
    expect(short.text).not.toContain('primeiros 500 caracteres');
  });

  it('renders a blog post from the content, with article data', async () => {
    const page = await get('/blog/posts/como-abrir-mei');
    expect(page.status).toBe(200);
    const found = seo(page.html);
    expect(found.h1).toMatch(/MEI/);
    expect(found.title).toContain(found.h1);
    expect(found.jsonLd[0]).toMatchObject({ '@type': 'BlogPosting', headline: found.h1, inLanguage: 'pt-BR' });
    expect(page.html).toMatch(/<h2[^>]*>/);
    expect(found.text.length).toBeGreaterThan(2000);
  });

  it('lists the posts newest first, by theme, and refuses pages that do not exist', async () => {
    const list = await get('/blog');
    const dates = [...list.html.matchAll(/<time dateTime="([^"]+)"/g)].map((m) => m[1]);
    expect(dates.length).toBeGreaterThanOrEqual(6);
    expect([...dates].sort().reverse()).toEqual(dates);

    const mei = await get('/blog?tag=mei');
    expect(mei.status).toBe(200);
    expect(seo(mei.html).h1).toBe('Blog: MEI');
    const meiDates = [...mei.html.matchAll(/<time dateTime="([^"]+)"/g)];
    expect(meiDates.length).toBeGreaterThan(0);
    expect(meiDates.length).toBeLessThan(dates.length);

    for (const path of ['/blog?tag=inexistente', '/blog?page=99', '/blog?page=abc', '/blog?page=0']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });

  it('has the home page of docs/features.md, with plans and the lead form', async () => {
    const found = seo((await get('/')).html);
    expect(found.h1).toBe('Reimagine o controle da sua empresa');
    expect(found.description).toBe('Contabilidade sem burocracia, rápida e segura, tudo resolvido online pelo melhor preço.');
    expect(found.text).toContain('R$ 89,00');
    expect(found.text).toContain('Fale com um contador');
    expect(found.jsonLd.map((item) => item['@type'])).toContain('FAQPage');
  });

  it.each([
    '/abrir-empresa',
    '/trocar-contador',
    '/areas/medicos',
    '/lp/irpf/2024',
    '/lp/irpf/2025',
    '/tools/cnae',
    '/tools/simples-nacional',
    '/blog',
    '/privacidade',
  ])('%s has its own title, h1 and description', async (path) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    const found = seo(page.html);
    expect(found.h1.length).toBeGreaterThan(5);
    expect(found.title).toContain('Contábil');
    expect(found.description.length).toBeGreaterThan(40);
    expect(found.canonical).toBe(`${server.baseUrl}${path}`);
  });

  it('loads only the site script: no app, Firebase or inspector code on public pages', async () => {
    for (const path of ['/', '/blog', '/contabilidade-em/sao-paulo-sp', '/tools/cnae']) {
      const page = await get(path);
      expect(seo(page.html).scripts, path).toEqual(TEST_SITE_ASSETS.scripts);
      expect(page.html, path).not.toMatch(/firebase|statelyai|xstate/i);
    }
  });

  it('puts the consent banner and the tag-manager container on every page, the container not loaded', async () => {
    const page = await get('/');
    expect(page.html).toContain('id="consent"');
    expect(page.html).toContain('data-gtm-id="GTM-TEST1"');
    expect(page.html).not.toContain('googletagmanager.com');
    expect(page.html).not.toMatch(/<script[^>]*gtm\.js/);
  });
});

describe('short links, the functions API, sitemaps and robots', () => {
  it('redirects a short link to its target', async () => {
    const page = await get('/links/abrir');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/abrir-empresa');
  });

  it('answers areas and links on the functions API', async () => {
    const area = await server.call('/fn/areas/medicos');
    expect(area.status).toBe(200);
    expect(area.body.data).toMatchObject({ slug: 'medicos', profession: 'médicos' });
    expect(area.body.data.html).toContain('<h2');
    expect((await server.call('/fn/areas/nada')).status).toBe(404);
    expect((await server.call('/fn/links/abrir')).body).toEqual({ data: { alias: 'abrir', target: '/abrir-empresa' } });
    expect((await server.call('/fn/links/nada')).body.error.message).toBe('Link não encontrado.');
  });

  it('lists every page in the sitemaps: 5,571 cities twice, every CNAE subclass, every post', async () => {
    const index = await get('/sitemap.xml');
    expect(index.headers.get('content-type')).toContain('application/xml');
    const parts = [...index.html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(parts).toEqual(['paginas', 'blog', 'cnae', 'cidades'].map((name) => `${server.baseUrl}/sitemaps/${name}.xml`));
    const count = async (name: string) => [...(await get(`/sitemaps/${name}.xml`)).html.matchAll(/<url>/g)].length;
    expect(await count('cidades')).toBe(5571 * 2);
    expect(await count('cnae')).toBe(1331);
    expect(await count('blog')).toBeGreaterThanOrEqual(6);
    const pages = (await get('/sitemaps/paginas.xml')).html;
    expect(pages).toContain(`${server.baseUrl}/areas/medicos`);
    expect(pages).toContain(`${server.baseUrl}/lp/irpf/2025`);
    expect((await get('/sitemaps/outros.xml')).status).toBe(404);
  });

  it('tells crawlers to keep out of the app and where the sitemap is', async () => {
    const robots = await get('/robots.txt');
    expect(robots.html).toContain('Disallow: /app/');
    expect(robots.html).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
  });

  it('answers an unknown address with JSON to calls that are not page visits', async () => {
    const response = await server.call('/qualquer-coisa', { method: 'POST', body: {} });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
  });
});
