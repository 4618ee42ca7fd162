import type { ReactNode } from 'react';
import { PageHeader } from './ui/Card';

/** A page whose content arrives with a later part of the product: says so plainly. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div>
      <PageHeader title={title} />
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <p className="font-semibold text-slate-800">Em construção</p>
        <p className="mx-auto mt-1 max-w-lg text-sm text-slate-600">{children ?? 'Esta área estará disponível em breve.'}</p>
      </div>
    </div>
  );
}
