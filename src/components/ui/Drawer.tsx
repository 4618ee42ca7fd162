import { XMarkIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { Modal, ModalTitle } from './Modal';

/** A side panel over the page, for the details of one item; closes with Esc, the backdrop or the button. */
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
    <Modal open={open} onClose={onClose} placement="right" className="flex-col overflow-y-auto open:flex">
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <ModalTitle className="text-lg font-bold text-slate-900">{title}</ModalTitle>
        <button type="button" onClick={onClose} className="rounded-lg p-2 hover:bg-slate-100" aria-label="Fechar">
          <XMarkIcon className="size-5" aria-hidden="true" />
        </button>
      </div>
      <div className="flex-1 px-5 py-5">{children}</div>
    </Modal>
  );
}
