import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE_FALLBACK_MS, onFirstPage } from '@/lib/first-page';

/** A router's `onRendered` subscription, reported by hand. */
function fakeRouter() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    render: () => [...listeners].forEach((listener) => listener()),
    listening: () => listeners.size,
  };
}

describe('onFirstPage (what waits for the first page: the head start’s frame goes)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the task when the first page renders, once, and stops listening', () => {
    const router = fakeRouter();
    const task = vi.fn();
    onFirstPage(router.subscribe, task);
    expect(task).not.toHaveBeenCalled();
    router.render();
    router.render();
    vi.advanceTimersByTime(FIRST_PAGE_FALLBACK_MS * 2);
    expect(task).toHaveBeenCalledTimes(1);
    expect(router.listening()).toBe(0);
  });

  it('runs the task after 15 s when no page ever renders (a chunk that failed), once', () => {
    const router = fakeRouter();
    const task = vi.fn();
    onFirstPage(router.subscribe, task);
    vi.advanceTimersByTime(14_999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    expect(router.listening()).toBe(0);
    router.render();
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('lets a router go that reported while it was being subscribed to', () => {
    const unsubscribe = vi.fn();
    const task = vi.fn();
    onFirstPage((listener) => {
      listener();
      return unsubscribe;
    }, task);
    expect(task).toHaveBeenCalledTimes(1);
    expect(unsubscribe).toHaveBeenCalled();
    vi.advanceTimersByTime(FIRST_PAGE_FALLBACK_MS);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
