/** Too much work queued: the caller should come back later (503) rather than wait for minutes. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

/**
 * Runs at most `concurrency` jobs at once, in arrival order, and refuses new jobs when `maxPending` are
 * already waiting. Resizing is CPU-bound: a cold page of 30 photos must not take every core from the
 * requests that render pages.
 */
export class ResizeQueue {
  private running = 0;
  private mostRunning = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxPending: number,
  ) {
    if (concurrency < 1) throw new Error('ResizeQueue: concurrency must be at least 1');
  }

  get active(): number {
    return this.running;
  }

  get pending(): number {
    return this.waiting.length;
  }

  /** The most jobs that ever ran at once (to check the limit holds under load). */
  get peak(): number {
    return this.mostRunning;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxPending) throw new QueueFullError(`${this.waiting.length} jobs waiting`);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    this.mostRunning = Math.max(this.mostRunning, this.running);
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next job, so a newcomer cannot overtake the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Concurrent calls with the same key share one run of `work` (two visitors asking for the same missing photo). */
export class InFlight<T> {
  private readonly runs = new Map<string, Promise<T>>();

  get size(): number {
    return this.runs.size;
  }

  once(key: string, work: () => Promise<T>): Promise<T> {
    const current = this.runs.get(key);
    if (current) return current;
    const run = work().finally(() => this.runs.delete(key));
    this.runs.set(key, run);
    return run;
  }
}
