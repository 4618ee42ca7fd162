import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOASTS } from '@domain';

/** react-hot-toast with spec §9: bottom-right, 3 s, no close button, at most 20 on screen. */
export function Toasts() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    toasts
      .filter((t) => t.visible)
      .slice(TOASTS.max)
      .forEach((t) => toast.dismiss(t.id));
  }, [toasts]);
  return <Toaster position={TOASTS.position} toastOptions={{ duration: TOASTS.durationMs, className: 'text-sm' }} />;
}
