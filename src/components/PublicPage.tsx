import type { ReactNode } from 'react';

/** A public page's frame; content owned by the public-site work says plainly that it is coming. */
export function PublicPage({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  return (
    <article className="mx-auto max-w-4xl px-4 py-14 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      {intro && <p className="mt-4 text-lg text-slate-700">{intro}</p>}
      <div className="mt-8">
        {children ?? (
          <p className="rounded-xl border border-dashed border-slate-300 px-6 py-8 text-center text-slate-600">
            Em construção: o conteúdo completo desta página chega em breve.
          </p>
        )}
      </div>
    </article>
  );
}
