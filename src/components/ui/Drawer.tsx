import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { XMarkIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';

/** A side panel over the page, for the details of one item; closes with Esc or the button. */
export function Drawer({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <DialogPanel className="fixed inset-y-0 right-0 flex w-full max-w-lg flex-col overflow-y-auto bg-white shadow-xl">
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <DialogTitle className="text-lg font-bold text-slate-900">{title}</DialogTitle>
          <button type="button" onClick={onClose} className="rounded-lg p-2 hover:bg-slate-100" aria-label="Fechar">
            <XMarkIcon className="size-5" aria-hidden="true" />
          </button>
        </div>
        <div className="flex-1 px-5 py-5">{children}</div>
      </DialogPanel>
    </Dialog>
  );
}
