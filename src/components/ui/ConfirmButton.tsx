import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import type { ButtonProps } from './Button';
import { Button } from './Button';

/** A question before an action, in a dialog that says what will happen; opened by its owner (e.g. on a server's warning). */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-[60]">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-bold text-slate-900">{title}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-600">{description}</Description>
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="secondary" onClick={onClose}>
              Voltar
            </Button>
            <Button
              variant={danger ? 'danger' : 'primary'}
              onClick={() => {
                onClose();
                onConfirm();
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

/** A button whose action is asked again first, in a dialog that says what will happen. */
export function ConfirmButton({
  title,
  description,
  confirmLabel,
  onConfirm,
  children,
  ...button
}: Omit<ButtonProps, 'onClick'> & { title: string; description: ReactNode; confirmLabel: string; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button {...button} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        danger={button.variant === 'danger'}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
