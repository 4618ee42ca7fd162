import { CheckCircleIcon, ExclamationCircleIcon } from '@heroicons/react/20/solid';
import { useSyncExternalStore } from 'react';
import type { Toast } from '@/lib/toast';
import { toastStore } from '@/lib/toast';

/** The toasts of `lib/toast.ts`, bottom-right, the newest last; read out politely by screen readers. */
export function Toasts() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, toastStore.snapshot);
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-[9999] flex flex-col items-end gap-2 sm:left-auto sm:right-4"
    >
      {toasts.map((t) => (
        <ToastView key={t.id} toast={t} />
      ))}
    </div>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const content = typeof toast.content === 'function' ? toast.content({ id: toast.id }) : toast.content;
  return (
    <div
      role="status"
      className="pointer-events-auto flex max-w-sm items-center gap-2 rounded-lg bg-white px-4 py-3 text-sm text-slate-800 shadow-lg ring-1 ring-slate-200"
    >
      {toast.kind === 'success' && <CheckCircleIcon className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />}
      {toast.kind === 'error' && <ExclamationCircleIcon className="size-5 shrink-0 text-red-600" aria-hidden="true" />}
      <div>{content}</div>
    </div>
  );
}
