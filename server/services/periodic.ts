/** Work a server repeats while it runs: the invoice schedules, the NFS-e recovery sweep, the tax reminders. */
export interface ScheduleRunner {
  /** No more runs; resolves once a run under way has finished, so the database can be closed after it. */
  stop(): Promise<void>;
}

/** Runs `run` now and then `intervalMs` after each run ended: never two at once in this process. */
export function every(intervalMs: number, run: () => Promise<void>): ScheduleRunner {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = run().then(() => {
      if (stopped) return;
      timer = setTimeout(tick, intervalMs);
      // A pending run must not keep the process alive on its own.
      timer.unref?.();
    });
  };

  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
