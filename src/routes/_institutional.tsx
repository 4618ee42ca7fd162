import { Link, Outlet, createFileRoute } from '@tanstack/react-router';
import { Brand } from '../components/Brand';
import { buttonClass } from '../components/ui/Button';

export const Route = createFileRoute('/_institutional')({
  component: InstitutionalLayout,
});

const NAV = [
  { to: '/abrir-empresa', label: 'Abrir empresa' },
  { to: '/trocar-contador', label: 'Trocar de contador' },
  { to: '/blog', label: 'Blog' },
  { to: '/tools/cnae', label: 'Consulta CNAE' },
] as const;

function InstitutionalLayout() {
  return (
    <div data-layout="institutional" className="flex min-h-screen flex-col bg-white">
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Pular para o conteúdo
      </a>
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <Brand />
          <nav
            aria-label="Principal"
            className="order-3 flex w-full gap-5 overflow-x-auto text-sm font-medium text-slate-700 sm:order-none sm:w-auto"
          >
            {NAV.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className="whitespace-nowrap hover:text-brand-700"
                activeProps={{ className: 'text-brand-700' }}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="flex items-center gap-2">
            <Link to="/app/login" className={buttonClass('ghost')}>
              Entrar
            </Link>
            <Link to="/app/login" search={{ mode: 'signup' }} className={buttonClass('primary')}>
              Começar agora
            </Link>
          </div>
        </div>
      </header>
      <main id="conteudo" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-slate-600 sm:grid-cols-3 sm:px-6">
          <div>
            <Brand />
            <p className="mt-3">Contabilidade online para MEI, microempresas e empresas de pequeno porte.</p>
          </div>
          <nav aria-label="Serviços" className="flex flex-col gap-2">
            <p className="font-semibold text-slate-900">Serviços</p>
            <Link to="/abrir-empresa" className="hover:text-brand-700">
              Abrir empresa
            </Link>
            <Link to="/trocar-contador" className="hover:text-brand-700">
              Trocar de contador
            </Link>
            <Link to="/lp/irpf/2025" className="hover:text-brand-700">
              Imposto de Renda 2025
            </Link>
          </nav>
          <nav aria-label="Conteúdo" className="flex flex-col gap-2">
            <p className="font-semibold text-slate-900">Conteúdo</p>
            <Link to="/blog" className="hover:text-brand-700">
              Blog
            </Link>
            <Link to="/tools/cnae" className="hover:text-brand-700">
              Consulta CNAE
            </Link>
          </nav>
        </div>
        <p className="pb-8 text-center text-xs text-slate-500">
          © {new Date().getFullYear()} Contábil. Todos os direitos reservados.
        </p>
      </footer>
    </div>
  );
}
