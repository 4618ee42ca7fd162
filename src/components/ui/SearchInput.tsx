import { MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import type { InputHTMLAttributes } from 'react';
import { FIELD_FOCUS } from './Field';

/** A search box with its icon; the label is for screen readers unless `visibleLabel`. */
export function SearchInput({
  label,
  visibleLabel = false,
  className = '',
  ...input
}: { label: string; visibleLabel?: boolean } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <label className={`relative block ${className}`}>
      <span className={visibleLabel ? 'text-sm font-medium text-slate-700' : 'sr-only'}>{label}</span>
      <MagnifyingGlassIcon className="pointer-events-none absolute bottom-3 left-3 size-5 text-slate-400" aria-hidden="true" />
      <input
        type="search"
        className={`block w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-10 pr-3 text-sm ${FIELD_FOCUS} ${visibleLabel ? 'mt-1' : ''}`}
        {...input}
      />
    </label>
  );
}
