import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOASTS } from '@domain';

/**
 * The toasts of react-hot-toast (the design card's), as the specification wants them: bottom-right, 3 s, no close
 * button, the kind's icon, at most 20 on screen (the oldest go). Loaded with the first toast, or once a person acts
 * (`lib/toast.ts`).
 *
 * A toast has nothing to click, so a click where it sits reaches what is beneath: the toast of an action lands over
 * the next button a person wants (the invitations' "Reenviar" at 1280×720), which would otherwise take the click for
 * nothing — and pause the toast under the pointer — until it went.
 */
export default function Toasts() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    // react-hot-toast keeps the newest first: past the limit, the oldest visible ones are dismissed.
    toasts
      .filter((t) => t.visible)
      .slice(TOASTS.max)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return (
    <Toaster
      position={TOASTS.position}
      toastOptions={{
        duration: TOASTS.durationMs,
        // Important (the `!`): react-hot-toast's own stylesheet gives each toast `pointer-events: auto`.
        className: 'pointer-events-none! text-sm text-slate-800 ring-1 ring-slate-200',
        success: { iconTheme: { primary: '#059669', secondary: '#fff' } },
        error: { iconTheme: { primary: '#dc2626', secondary: '#fff' } },
      }}
    />
  );
}

/** react-hot-toast's own `toast`, for `lib/toast.ts`, which loads this file when a toast is first asked for. */
export { toast as hotToast };
