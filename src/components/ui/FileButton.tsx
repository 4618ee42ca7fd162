import { ArrowUpTrayIcon } from '@heroicons/react/24/outline';
import type { InputHTMLAttributes, ReactNode } from 'react';

const LOOKS = {
  primary: 'bg-brand-700 px-4 py-2.5 text-white hover:bg-brand-800 has-focus-visible:ring-offset-2',
  secondary: 'bg-white px-3 py-2 text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
};

/**
 * A button that opens the file chooser: a label around a hidden file input, so the keyboard and screen readers reach
 * the input itself. The file chosen goes to `onFile`, and the input is emptied at once, so choosing the same file
 * again (after an error) counts too.
 */
export function FileButton({
  children,
  look = 'secondary',
  className = '',
  onFile,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange' | 'className' | 'children'> & {
  children: ReactNode;
  look?: keyof typeof LOOKS;
  className?: string;
  onFile: (file: File) => void;
}) {
  return (
    <label
      className={`inline-flex cursor-pointer items-center gap-2 rounded-lg text-sm font-semibold has-disabled:cursor-not-allowed has-disabled:opacity-60 has-focus-visible:ring-2 has-focus-visible:ring-brand-400 ${LOOKS[look]} ${className}`}
    >
      <ArrowUpTrayIcon className="size-4" aria-hidden="true" />
      {children}
      <input
        {...input}
        type="file"
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
