import type { PageMeta } from '../document';
import { Container, buttonClass } from '../ui';

export const notFoundMeta = (path: string): PageMeta => ({
  title: 'Página não encontrada | Contábil',
  description: 'A página que você procurou não existe ou mudou de endereço.',
  path,
  noindex: true,
});

/** docs/features.md `/404` and every address the site does not have (answered with the 404 status). */
export function NotFoundPage({ path }: { path: string }) {
  return (
    <Container className="py-20 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Página não encontrada</h1>
      <p className="mx-auto mt-4 max-w-xl text-slate-700">
        Não encontramos <code className="rounded bg-slate-100 px-1.5 py-0.5 text-sm text-slate-800">{path}</code>. O endereço pode
        ter mudado ou não existir mais. Veja se algum destes caminhos ajuda:
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href="/" className={buttonClass('primary')}>
          Página inicial
        </a>
        <a href="/blog" className={buttonClass('secondary')}>
          Blog
        </a>
        <a href="/tools/cnae" className={buttonClass('secondary')}>
          Consulta CNAE
        </a>
        <a href="/tools/simples-nacional" className={buttonClass('secondary')}>
          Calculadora do Simples
        </a>
        <a href="/app/login" className={buttonClass('secondary')}>
          Área do cliente
        </a>
      </div>
    </Container>
  );
}
