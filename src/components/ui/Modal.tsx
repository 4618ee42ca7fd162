import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

/**
 * A modal dialog on the browser's own `<dialog>` (`showModal`): the page behind is inert and out of the accessibility
 * tree, focus goes in and Tab cycles inside it (the browser would let it leave for its own controls), Esc or a click on the backdrop asks `onClose`; when it closes, focus goes
 * back to what had it, and the page scrolls again. `className` places and styles the dialog itself (a centred card
 * by default, a side panel with `placement`).
 */
export function Modal({
  open,
  onClose,
  className = '',
  placement = 'center',
  label,
  testId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  className?: string;
  placement?: 'center' | 'left' | 'right';
  /** The dialog's name when it has no `ModalTitle`. */
  label?: string;
  testId?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [described, setDescribed] = useState(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      document.documentElement.style.overflow = overflow;
      // The element that opened it gets the focus back (when it is still on the page).
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  const placements = {
    // A width given in `className` replaces the default one (two max-w classes would leave the winner to the CSS order).
    center: `m-auto w-[calc(100%-2rem)] rounded-xl ${/(^|\s)max-w-/.test(className) ? '' : 'max-w-md'}`,
    right: 'my-0 ml-auto mr-0 h-dvh max-h-dvh w-full max-w-lg',
    left: 'my-0 ml-0 mr-auto h-dvh max-h-dvh w-72',
  };
  return (
    <dialog
      ref={ref}
      data-testid={testId}
      aria-labelledby={label ? undefined : titleId}
      aria-describedby={described ? descriptionId : undefined}
      aria-label={label}
      // A modal <dialog> lets Tab leave for the browser's own controls after its last element: cycle inside instead.
      onKeyDown={(event) => {
        if (event.key !== 'Tab' || event.defaultPrevented) return;
        const focusable = tabbableIn(event.currentTarget);
        if (focusable.length === 0) return;
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        const active = document.activeElement;
        if (event.shiftKey && (active === first || active === event.currentTarget)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        }
      }}
      // Esc: the owner decides (its state closes the dialog).
      onCancel={(event) => {
        event.preventDefault();
        closeRef.current();
      }}
      // A click on the backdrop lands on the dialog element itself, outside its content.
      onClick={(event) => {
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const inside =
          event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
        if (!inside) closeRef.current();
      }}
      className={`bg-white p-0 text-left shadow-xl backdrop:bg-slate-900/40 ${placements[placement]} ${className}`}
    >
      {open && <ModalIds.Provider value={{ titleId, descriptionId, setDescribed }}>{children}</ModalIds.Provider>}
    </dialog>
  );
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** What Tab can reach inside `root`, in document order: enabled, shown, not taken out of the order. */
function tabbableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

const ModalIds = createContext<{ titleId: string; descriptionId: string; setDescribed: (described: boolean) => void }>({
  titleId: '',
  descriptionId: '',
  setDescribed: () => {},
});

/** The dialog's name (its heading). */
export function ModalTitle({ className = '', children }: { className?: string; children: ReactNode }) {
  return (
    <h2 id={useContext(ModalIds).titleId} className={className}>
      {children}
    </h2>
  );
}

/** What the dialog is about, read with its name. */
export function ModalDescription({ className = '', children }: { className?: string; children: ReactNode }) {
  const { descriptionId, setDescribed } = useContext(ModalIds);
  useLayoutEffect(() => {
    setDescribed(true);
    return () => setDescribed(false);
  }, [setDescribed]);
  return (
    <div id={descriptionId} className={className}>
      {children}
    </div>
  );
}
