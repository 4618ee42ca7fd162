/** How long a first page that never renders (a chunk that failed to load) holds back what waits for it. */
export const FIRST_PAGE_FALLBACK_MS = 15_000;

/**
 * Runs `task` once, when the router reports its first rendered page (`subscribe` is the router's `onRendered`
 * subscription, so the task runs in that frame, before the browser paints), or after `fallbackMs` if none ever renders.
 */
export function onFirstPage(
  subscribe: (listener: () => void) => () => void,
  task: () => void,
  fallbackMs = FIRST_PAGE_FALLBACK_MS,
): void {
  let done = false;
  let unsubscribe: (() => void) | undefined;
  const run = () => {
    if (done) return;
    done = true;
    unsubscribe?.();
    clearTimeout(fallback);
    task();
  };
  const fallback = setTimeout(run, fallbackMs);
  unsubscribe = subscribe(run);
  // A router that reported at once (while subscribing) is already done with: let it go.
  if (done) unsubscribe();
}
