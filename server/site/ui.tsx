import type { ReactNode } from 'react';
import type { Faq } from './content';

/** Small building blocks of the public pages (server-rendered HTML; no React runs in the visitor's browser). */

type Variant = 'primary' | 'secondary' | 'ghost' | 'light';

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800',
  secondary: 'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  light: 'bg-white text-brand-800 hover:bg-brand-50',
};

export const buttonClass = (variant: Variant = 'primary', extra = '') =>
  `inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors ${VARIANTS[variant]} ${extra}`;

export function Brand() {
  return (
    <a href="/" className="inline-flex items-center gap-2 font-bold tracking-tight" aria-label="Contábil, página inicial">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0f766e" />
        <path
          d="M9 17.5l4.5 4.5L23 11"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg text-slate-900">Contábil</span>
    </a>
  );
}

export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto max-w-6xl px-4 sm:px-6 ${className}`}>{children}</div>;
}

export function SectionTitle({ id, children, intro }: { id: string; children: ReactNode; intro?: ReactNode }) {
  return (
    <div className="max-w-3xl">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {children}
      </h2>
      {intro && <p className="mt-3 text-slate-600">{intro}</p>}
    </div>
  );
}

export interface Crumb {
  name: string;
  path: string;
}

/** The trail above a page's title (the last crumb is the page itself). */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Você está em" className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {items.map((item, i) => (
          <li key={item.path} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            {i === items.length - 1 ? (
              <span aria-current="page" className="text-slate-900">
                {item.name}
              </span>
            ) : (
              <a href={item.path} className="hover:text-brand-700 hover:underline">
                {item.name}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function FaqList({
  items,
  id = 'perguntas',
  title = 'Perguntas frequentes',
}: {
  items: Faq;
  id?: string;
  title?: string;
}) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="py-14">
      <SectionTitle id={id}>{title}</SectionTitle>
      <div className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {items.map((item) => (
          <details key={item.question} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900">
              {item.question}
              <span aria-hidden="true" className="text-brand-700 transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

/** Trusted HTML from the content source (Markdown turned into HTML on the server). */
export function Prose({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Sao_Paulo',
});
const shortDateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** "14 de outubro de 2026". */
export const longDate = (iso: string) => dateFormat.format(new Date(iso));
/** A calendar day ("2025-05-30") as "30/05/2025", whatever the server's zone. */
export const calendarDay = (day: string) => shortDateFormat.format(new Date(`${day}T00:00:00Z`));

export function Pager({ page, pages, hrefOf }: { page: number; pages: number; hrefOf: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Páginas" className="mt-10 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <a href={hrefOf(page - 1)} rel="prev" className={buttonClass('secondary')}>
          ← Anteriores
        </a>
      ) : (
        <span />
      )}
      <span className="text-slate-600">
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <a href={hrefOf(page + 1)} rel="next" className={buttonClass('secondary')}>
          Próximos →
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Steps of a journey, numbered, as cards. */
export function NumberedSteps({ steps, className }: { steps: { title: string; text: string }[]; className: string }) {
  return (
    <ol className={`mt-8 grid gap-6 ${className}`}>
      {steps.map((step, i) => (
        <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-6">
          <span className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
            {i + 1}
          </span>
          <h3 className="mt-4 font-semibold text-slate-900">{step.title}</h3>
          <p className="mt-2 text-sm text-slate-600">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
