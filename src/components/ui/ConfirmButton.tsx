import type { ReactNode } from 'react';
import { useState } from 'react';
import type { ButtonProps } from './Button';
import { Button } from './Button';
import { Modal, ModalDescription, ModalTitle } from './Modal';

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
    <Modal open={open} onClose={onClose} className="p-6">
      <ModalTitle className="text-lg font-bold text-slate-900">{title}</ModalTitle>
      <ModalDescription className="mt-2 text-sm text-slate-600">{description}</ModalDescription>
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
    </Modal>
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
