import type { ReactNode } from 'react';
import { TOASTS } from '@domain';

/*
 * Short notices at the corner of the screen (spec §9: bottom-right, 3 s, no close button, at most 20 at once): a
 * store and its API — `toast`, `toast.success`, `toast.error`, `toast.dismiss` — that `components/Toasts.tsx` shows.
 * Written here (a few dozen lines) instead of a toast library: every page of the app loads it.
 */

export type ToastKind = 'info' | 'success' | 'error';
/** What a toast says: text, or content given its id (to dismiss itself from a button). */
export type ToastContent = ReactNode | ((toast: { id: string }) => ReactNode);

export interface Toast {
  id: string;
  kind: ToastKind;
  content: ToastContent;
}

interface ToastOptions {
  /** The same id replaces the toast shown under it (one "new version" notice, however often it is announced). */
  id?: string;
  /** Milliseconds on screen; `Infinity` keeps it until dismissed. */
  duration?: number;
}

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let sequence = 0;

function publish(next: readonly Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, content: ToastContent, options: ToastOptions = {}): string {
  const id = options.id ?? `toast-${++sequence}`;
  clearTimeout(timers.get(id));
  const others = toasts.filter((t) => t.id !== id);
  // The newest last; past the limit, the oldest go.
  publish([...others, { id, kind, content }].slice(-TOASTS.max));
  const duration = options.duration ?? TOASTS.durationMs;
  if (Number.isFinite(duration))
    timers.set(
      id,
      setTimeout(() => dismiss(id), duration),
    );
  return id;
}

function dismiss(id?: string) {
  for (const [key, timer] of timers) {
    if (id !== undefined && key !== id) continue;
    clearTimeout(timer);
    timers.delete(key);
  }
  publish(id === undefined ? [] : toasts.filter((t) => t.id !== id));
}

export const toast = Object.assign((content: ToastContent, options?: ToastOptions) => show('info', content, options), {
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
  dismiss,
});

/** The store, for the component that shows the toasts (`useSyncExternalStore`). */
export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => toasts,
};

export default toast;
