import { inCity } from '@domain';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteAssets } from './assets';
import { SiteStylesheet } from './critical-css';
import { Brand, Container, buttonClass } from './ui';

/** What every public page says about itself to search engines and link previews. */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's own path; the canonical URL is the public URL plus this. */
  path: string;
  type?: 'website' | 'article';
  /** Schema.org objects for rich results. */
  jsonLd?: object[];
  noindex?: boolean;
  publishedAt?: string;
  updatedAt?: string;
}

export interface SiteShell {
  assets: SiteAssets;
  /** https://… without a trailing slash. */
  publicUrl: string;
  /** Where the enhancement scripts call the API. */
  apiUrl: string;
  /** Tag-manager container (docs/rules.md), loaded only after consent; null when none is configured. */
  tagManager: { id: string; scriptUrl: string } | null;
  /** Links in the footer: profession pages and the main cities. */
  footer: { areas: { slug: string; profession: string }[] };
}

/**
 * Runs before the first paint: hides the cookie banner once the visitor has answered it and shows its English text
 * to English readers, so the same cached HTML serves everyone without a flash. Then, once the browser reports the
 * page painted (first-contentful-paint), it loads the site's stylesheet, script and the chunks the script imports
 * (`data-stylesheets`, `data-scripts`, `data-preloads` on `<html>`): the page is complete without them, so nothing
 * is fetched, compiled or run between the visitor and the first paint (a module script fetched by then would run
 * before it). Without paint timing, one frame after the document is parsed; in any case 3 s after it (a page opened in
 * a background tab reports no paint). Its hash goes into the CSP.
 */
export const HEAD_SCRIPT =
  "(function(w,d,n){var h=d.documentElement;if(/(?:^|;\\s*)ncc_c=true(?:;|$)/.test(d.cookie))h.classList.add('consent-given');" +
  "if(/^en\\b/i.test(n.language||''))h.classList.add('locale-en');" +
  "var s=0,P=w.PerformanceObserver,p=P&&(P.supportedEntryTypes||[]).indexOf('paint')>=0;" +
  "function a(k,f){(h.getAttribute(k)||'').split(' ').forEach(function(u){if(u)d.head.appendChild(f(u))})}" +
  "function l(r){return function(u){var e=d.createElement('link');e.rel=r;e.href=u;return e}}" +
  "function g(){if(s)return;s=1;a('data-stylesheets',l('stylesheet'));a('data-preloads',l('modulepreload'));" +
  "a('data-scripts',function(u){var e=d.createElement('script');e.type='module';e.src=u;return e})}" +
  "if(p)new P(function(e){if(e.getEntriesByName('first-contentful-paint').length)setTimeout(g)}).observe({type:'paint',buffered:true});" +
  "d.addEventListener('DOMContentLoaded',function(){if(!p)requestAnimationFrame(function(){setTimeout(g)});setTimeout(g,3000)})" +
  '})(window,document,navigator)';

/** The header's links; `wideOnly` ones fit the bar from the lg width on (the phone menu lists every one). */
const NAV: { href: string; label: string; wideOnly?: boolean }[] = [
  { href: '/abrir-empresa', label: 'Abrir empresa' },
  { href: '/trocar-contador', label: 'Trocar de contador' },
  { href: '/blog', label: 'Blog' },
  { href: '/tools/cnae', label: 'Consulta CNAE' },
  { href: '/tools/simples-nacional', label: 'Calculadora do Simples', wideOnly: true },
];

const FOOTER_CITIES = [
  { slug: 'sao-paulo-sp', name: 'São Paulo', ibgeCode: '3550308' },
  { slug: 'rio-de-janeiro-rj', name: 'Rio de Janeiro', ibgeCode: '3304557' },
  { slug: 'belo-horizonte-mg', name: 'Belo Horizonte', ibgeCode: '3106200' },
  { slug: 'curitiba-pr', name: 'Curitiba', ibgeCode: '4106902' },
  { slug: 'porto-alegre-rs', name: 'Porto Alegre', ibgeCode: '4314902' },
  { slug: 'brasilia-df', name: 'Brasília', ibgeCode: '5300108' },
  { slug: 'salvador-ba', name: 'Salvador', ibgeCode: '2927408' },
  { slug: 'recife-pe', name: 'Recife', ibgeCode: '2611606' },
] as const;

function Header() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <Container className="flex items-center justify-between gap-4 py-3">
        <Brand />
        <nav aria-label="Principal" className="hidden items-center gap-6 text-sm font-medium text-slate-700 md:flex">
          {NAV.map((item) => (
            <a
              key={item.href}
              href={item.href}
              className={item.wideOnly ? 'hidden hover:text-brand-700 lg:inline' : 'hover:text-brand-700'}
            >
              {item.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <a href="/app/login" className={buttonClass('ghost', 'max-sm:hidden')}>
            Entrar
          </a>
          <a href="/app/login?mode=signup" className={buttonClass('primary')}>
            Começar agora
          </a>
          <details className="relative md:hidden">
            <summary className={buttonClass('ghost', 'list-none px-3')} aria-label="Menu">
              <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true">
                <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </summary>
            <nav
              aria-label="Menu"
              className="absolute right-0 z-20 mt-2 flex w-56 flex-col rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
            >
              {[...NAV, { href: '/app/login', label: 'Entrar' }].map((item) => (
                <a key={item.href} href={item.href} className="rounded-lg px-3 py-2 text-slate-800 hover:bg-slate-100">
                  {item.label}
                </a>
              ))}
            </nav>
          </details>
        </div>
      </Container>
    </header>
  );
}

function FooterColumn({ title, links }: { title: string; links: { href: string; label: string }[] }) {
  return (
    <nav aria-label={title} className="flex flex-col gap-2">
      <p className="font-semibold text-slate-900">{title}</p>
      {links.map((link) => (
        <a key={link.href} href={link.href} className="hover:text-brand-700">
          {link.label}
        </a>
      ))}
    </nav>
  );
}

function Footer({ areas }: SiteShell['footer']) {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 text-sm text-slate-600">
      <Container className="grid gap-8 py-12 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <Brand />
          <p className="mt-3">Contabilidade online para MEI, microempresas e empresas de pequeno porte.</p>
        </div>
        <FooterColumn
          title="Serviços"
          links={[
            { href: '/abrir-empresa', label: 'Abrir empresa' },
            { href: '/trocar-contador', label: 'Trocar de contador' },
            { href: '/lp/irpf/2025', label: 'Imposto de Renda 2025' },
            { href: '/lp/irpf/2024', label: 'Imposto de Renda 2024' },
          ]}
        />
        <FooterColumn
          title="Para profissionais"
          links={areas.map((area) => ({ href: `/areas/${area.slug}`, label: `Contabilidade para ${area.profession}` }))}
        />
        <FooterColumn
          title="Cidades"
          links={FOOTER_CITIES.map((city) => ({
            href: `/contabilidade-em/${city.slug}`,
            label: `Contabilidade ${inCity(city)}`,
          }))}
        />
        <FooterColumn
          title="Conteúdo"
          links={[
            { href: '/blog', label: 'Blog' },
            { href: '/tools/cnae', label: 'Consulta CNAE' },
            { href: '/tools/simples-nacional', label: 'Calculadora do Simples Nacional' },
            { href: '/app/login', label: 'Área do cliente' },
          ]}
        />
      </Container>
      <Container className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 py-6 text-xs">
        <p>© {new Date().getFullYear()} Contábil. Todos os direitos reservados.</p>
        <a href="/privacidade" className="underline hover:text-brand-700">
          Privacidade
        </a>
        <button type="button" data-consent-open className="underline hover:text-brand-700">
          Preferências de cookies
        </button>
      </Container>
    </footer>
  );
}

/** docs/rules.md cookie consent (pt and en): necessary cookies always, the tag manager only when allowed. */
function ConsentBanner() {
  return (
    <section
      id="consent"
      data-island="consent"
      aria-labelledby="consent-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-4px_20px_rgba(0,0,0,0.08)]"
    >
      <Container className="flex flex-col gap-3 py-4 lg:flex-row lg:items-center lg:justify-between">
        <div className="text-sm text-slate-700">
          <h2 id="consent-title" className="font-semibold text-slate-900">
            <span data-locale="pt">Cookies</span>
            <span data-locale="en" lang="en">
              Cookies
            </span>
          </h2>
          <p data-locale="pt">
            Usamos cookies necessários para o site funcionar e, com a sua permissão, cookies de análise (Google Tag Manager) para
            entender como ele é usado.{' '}
            <a href="/privacidade" className="underline hover:text-brand-700">
              Política de privacidade
            </a>
          </p>
          <p data-locale="en" lang="en">
            We use cookies the site needs to work and, with your permission, analytics cookies (Google Tag Manager) to understand
            how it is used.{' '}
            <a href="/privacidade" className="underline hover:text-brand-700">
              Privacy policy (in Portuguese)
            </a>
          </p>
          <label className="mt-2 flex items-center gap-2" data-consent-details hidden>
            <input type="checkbox" name="analytics" className="size-4 accent-brand-700" />
            <span data-locale="pt">Cookies de análise</span>
            <span data-locale="en" lang="en">
              Analytics cookies
            </span>
          </label>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" data-consent="necessary" className={buttonClass('secondary')}>
            <span data-locale="pt">Somente necessários</span>
            <span data-locale="en" lang="en">
              Necessary only
            </span>
          </button>
          <button type="button" data-consent="customize" className={buttonClass('ghost')}>
            <span data-locale="pt">Personalizar</span>
            <span data-locale="en" lang="en">
              Customize
            </span>
          </button>
          <button type="button" data-consent="save" className={buttonClass('secondary')} hidden>
            <span data-locale="pt">Salvar escolha</span>
            <span data-locale="en" lang="en">
              Save choice
            </span>
          </button>
          <button type="button" data-consent="all" className={buttonClass('primary')}>
            <span data-locale="pt">Aceitar todos</span>
            <span data-locale="en" lang="en">
              Accept all
            </span>
          </button>
        </div>
      </Container>
    </section>
  );
}

/** Keeps `</script>` and friends out of inline JSON. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function Head({ meta, shell }: { meta: PageMeta; shell: SiteShell }) {
  const url = `${shell.publicUrl}${meta.path}`;
  const { assets } = shell;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{meta.title}</title>
      <meta name="description" content={meta.description} />
      <link rel="canonical" href={url} />
      {meta.noindex && <meta name="robots" content="noindex" />}
      <meta property="og:type" content={meta.type ?? 'website'} />
      <meta property="og:site_name" content="Contábil" />
      <meta property="og:locale" content="pt_BR" />
      <meta property="og:title" content={meta.title} />
      <meta property="og:description" content={meta.description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={`${shell.publicUrl}/og-image.png`} />
      <meta name="twitter:card" content="summary_large_image" />
      {meta.publishedAt && <meta property="article:published_time" content={meta.publishedAt} />}
      {meta.updatedAt && <meta property="article:modified_time" content={meta.updatedAt} />}
      <meta name="theme-color" content="#0f766e" />
      <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
      <script dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
      {assets.inlineCss !== null && <style dangerouslySetInnerHTML={{ __html: CRITICAL_CSS_SLOT }} />}
      {assets.stylesheets.map((href) => (
        <link key={href} rel="stylesheet" href={href} />
      ))}
      {/* Without scripts the head script does not load the stylesheet: the browser does. */}
      {assets.deferredStylesheets.length > 0 && (
        <noscript>
          {assets.deferredStylesheets.map((href) => (
            <link key={href} rel="stylesheet" href={href} />
          ))}
        </noscript>
      )}
      {(meta.jsonLd ?? []).map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: inlineJson(data) }} />
      ))}
    </head>
  );
}

/** Where the page's first-screen CSS goes once the page's markup says what that screen holds. */
const CRITICAL_CSS_SLOT = '/*first-screen*/';

/** The site's stylesheet of each build, parsed once. */
const stylesheets = new Map<string, SiteStylesheet>();
function stylesheetOf(css: string): SiteStylesheet {
  let stylesheet = stylesheets.get(css);
  if (!stylesheet) {
    stylesheet = new SiteStylesheet(css);
    stylesheets.set(css, stylesheet);
  }
  return stylesheet;
}

/** A public page's HTML and the `'sha256-…'` sources of its inline styles (for its Content-Security-Policy). */
export interface RenderedPage {
  html: string;
  inlineStyles: string[];
}

/** A whole public page as HTML: the institutional layout (docs/features.md) around `body`. */
export function renderPage(shell: SiteShell, meta: PageMeta, body: ReactNode): RenderedPage {
  const html = renderToStaticMarkup(
    <html
      lang="pt-BR"
      data-api={shell.apiUrl}
      data-gtm-id={shell.tagManager?.id}
      data-gtm-src={shell.tagManager?.scriptUrl}
      data-stylesheets={shell.assets.deferredStylesheets.join(' ') || undefined}
      data-scripts={shell.assets.scripts.join(' ') || undefined}
      data-preloads={shell.assets.preloads.join(' ') || undefined}
    >
      <Head meta={meta} shell={shell} />
      <body className="bg-white text-slate-900 antialiased">
        <div data-layout="institutional" className="flex min-h-screen flex-col">
          <a
            href="#conteudo"
            className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
          >
            Pular para o conteúdo
          </a>
          <Header />
          <main id="conteudo" className="flex-1">
            {body}
          </main>
          <Footer {...shell.footer} />
        </div>
        <ConsentBanner />
      </body>
    </html>,
  );
  const { inlineCss } = shell.assets;
  if (inlineCss === null) return { html: `<!doctype html>${html}`, inlineStyles: [] };
  const critical = stylesheetOf(inlineCss).criticalCssOf(html);
  return {
    html: `<!doctype html>${html.replace(CRITICAL_CSS_SLOT, () => critical.css)}`,
    inlineStyles: [critical.hash],
  };
}
