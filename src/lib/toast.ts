import type { ComponentType } from 'react';
import type { Renderable, Toast, ToastOptions, ValueFunction } from 'react-hot-toast';

/*
 * react-hot-toast (the design card's) and its Toaster (`components/Toasts.tsx`), fetched as one file when a toast is
 * first asked for, or once a person first acts on the page (`prepareToasts`: a press, a key), so that the toast of
 * what they did comes at once. A page that is only looked at loads none of it (docs/performance.md). The screens call
 * `toast`, `toast.success`, `toast.error` and `toast.dismiss` as react-hot-toast's own; the calls made before it has
 * arrived run in their order once it has. A load that failed (offline) is tried again by the next toast.
 */

type Content = ValueFunction<Renderable, Toast> | Renderable;
type Loaded = typeof import('../components/Toasts');

let loading: Promise<Loaded> | null = null;
let toaster: ComponentType | null = null;
const listeners = new Set<() => void>();

const load = () =>
  (loading ??= import('../components/Toasts').then(
    (module) => {
      toaster = module.default;
      listeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));

/** Fetches the toasts ahead of the first one. */
export const prepareToasts = () => void load().catch(() => {});

/** For the root layout (`useSyncExternalStore`): the Toaster once it has arrived, null before. */
export const loadedToaster = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  get: () => toaster,
};

const show = (kind?: 'success' | 'error') => (content: Content, options?: ToastOptions) => {
  load().then(
    ({ hotToast }) => (kind ? hotToast[kind](content, options) : hotToast(content, options)),
    () => {},
  );
};

export const toast = Object.assign(show(), {
  success: show('success'),
  error: show('error'),
  // Nothing to dismiss before the first toast.
  dismiss: (id?: string) => void loading?.then(({ hotToast }) => hotToast.dismiss(id)).catch(() => {}),
});

export default toast;
