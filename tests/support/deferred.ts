/** Promises a test settles by hand, per actor source, to drive invoked actors step by step. */
export class PendingCalls {
  private queues = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void; input: unknown }[]>();

  next<T>(source: string, input?: unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queue = this.queues.get(source) ?? [];
      queue.push({ resolve: resolve as (value: unknown) => void, reject, input });
      this.queues.set(source, queue);
    });
  }

  count(source: string): number {
    return this.queues.get(source)?.length ?? 0;
  }

  /** The newest call: older ones belong to actors that were stopped when their state was left. */
  private take(source: string) {
    const queue = this.queues.get(source) ?? [];
    const call = queue.pop();
    if (!call) throw new Error(`No pending call of ${source}`);
    this.queues.set(source, []);
    return call;
  }

  resolve(source: string, value?: unknown): unknown {
    const call = this.take(source);
    call.resolve(value);
    return call.input;
  }

  reject(source: string, error: unknown = new Error(`${source} failed`)): unknown {
    const call = this.take(source);
    call.reject(error);
    return call.input;
  }
}
