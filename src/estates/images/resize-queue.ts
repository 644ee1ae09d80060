/** Too much work queued: the caller should come back later (503) rather than wait for minutes. */
export class QueueFullError extends Error {
  override readonly name = 'QueueFullError';
}

/**
 * Runs at most `concurrency` jobs at once and refuses new jobs when `maxPending` are already waiting. Resizing is
 * CPU-bound: a cold page of 30 photos must not take every core from the requests that render pages. Waiting jobs
 * are grouped by their key (the original photo) and the groups take turns, in arrival order within a group: forty
 * variants of one huge photo cannot keep another photo waiting behind all of them.
 */
export class ResizeQueue {
  private running = 0;
  private mostRunning = 0;
  private waitingCount = 0;
  /** Per key, its waiting jobs; the Map's order is the turn (a served key goes to the back). */
  private readonly waiting = new Map<string, Array<() => void>>();

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
    return this.waitingCount;
  }

  /** The most jobs that ever ran at once (to check the limit holds under load). */
  get peak(): number {
    return this.mostRunning;
  }

  async run<T>(job: () => Promise<T>, key = ''): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waitingCount >= this.maxPending) throw new QueueFullError(`${this.waitingCount} jobs waiting`);
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(key);
        if (queue) queue.push(resolve);
        else this.waiting.set(key, [resolve]);
        this.waitingCount++;
      });
    } else {
      this.running++;
    }
    this.mostRunning = Math.max(this.mostRunning, this.running);
    try {
      return await job();
    } finally {
      // Hand the slot straight to the next job, so a newcomer cannot overtake the queue.
      const next = this.takeTurn();
      if (next) next();
      else this.running--;
    }
  }

  private takeTurn(): (() => void) | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return undefined;
    const [key, queue] = first.value;
    const next = queue.shift()!;
    this.waiting.delete(key);
    if (queue.length > 0) this.waiting.set(key, queue);
    this.waitingCount--;
    return next;
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
