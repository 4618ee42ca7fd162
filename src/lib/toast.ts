import type { Renderable, Toast, ToastOptions, ValueFunction } from 'react-hot-toast';

/*
 * react-hot-toast (the design card's), fetched on the first toast so that it costs a page nothing before it paints:
 * the screens call `toast`, `toast.success`, `toast.error` and `toast.dismiss` as react-hot-toast's own, and the calls
 * made before it has arrived run in their order once it has. Its Toaster is `components/Toasts.tsx`.
 */

type Content = ValueFunction<Renderable, Toast> | Renderable;
type HotToast = (typeof import('react-hot-toast'))['default'];

let loading: Promise<HotToast> | null = null;
const hotToast = () => (loading ??= import('react-hot-toast').then((module) => module.default));

const show = (kind?: 'success' | 'error') => (content: Content, options?: ToastOptions) => {
  void hotToast().then((toast) => (kind ? toast[kind](content, options) : toast(content, options)));
};

export const toast = Object.assign(show(), {
  success: show('success'),
  error: show('error'),
  dismiss: (id?: string) => void hotToast().then((toast) => toast.dismiss(id)),
});

export default toast;
