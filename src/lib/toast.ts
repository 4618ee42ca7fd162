import type { ComponentType } from 'react';
import type { Renderable, Toast, ToastOptions, ValueFunction } from 'react-hot-toast';
import { TOASTS } from '@domain';

/*
 * react-hot-toast (the design card's) and its Toaster (`components/Toasts.tsx`), fetched as one file when a toast is
 * first asked for, or once a person first acts on the page (`prepareToasts`: a press, a key), so that the toast of
 * what they did comes at once. A page that is only looked at loads none of it (docs/performance.md). The screens call
 * `toast`, `toast.success`, `toast.error` and `toast.dismiss` as react-hot-toast's own; the calls made before it has
 * arrived run in their order once it has. A load that failed (offline) is tried again by the next toast; meanwhile
 * the toast's text shows in a plain box of its own where the toasts show, for as long (`showPlain`).
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

const PLAIN_REGION_ID = 'plain-toasts';

/**
 * A toast whose code could not come (the page was opened, then the network went): its text in a plain box where
 * react-hot-toast's would be, announced the same way, gone after the same time. Text only: what a toast says may
 * come from what someone typed, so it is never read as markup.
 */
function showPlain(content: Content, kind?: 'success' | 'error') {
  if (typeof content !== 'string') return;
  let region = document.getElementById(PLAIN_REGION_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = PLAIN_REGION_ID;
    region.className =
      'pointer-events-none fixed bottom-4 right-4 z-[9999] flex max-w-[calc(100vw-2rem)] flex-col items-end gap-2';
    document.body.append(region);
  }
  const item = document.createElement('div');
  item.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  item.className = `rounded-lg bg-white px-4 py-3 text-sm text-slate-800 shadow-lg ring-1 ${
    kind === 'error' ? 'ring-red-300' : 'ring-slate-200'
  }`;
  item.textContent = content;
  region.append(item);
  while (region.childElementCount > TOASTS.max) region.firstElementChild?.remove();
  setTimeout(() => item.remove(), TOASTS.durationMs);
}

const show = (kind?: 'success' | 'error') => (content: Content, options?: ToastOptions) => {
  load().then(
    ({ hotToast }) => (kind ? hotToast[kind](content, options) : hotToast(content, options)),
    () => showPlain(content, kind),
  );
};

export const toast = Object.assign(show(), {
  success: show('success'),
  error: show('error'),
  // Nothing to dismiss before the first toast.
  dismiss: (id?: string) => void loading?.then(({ hotToast }) => hotToast.dismiss(id)).catch(() => {}),
});

export default toast;
