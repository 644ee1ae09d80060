import { InFlight, ResizeQueue, QueueFullError } from './resize-queue.js';

/** A job that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe(ResizeQueue.name, () => {
  it('runs at most its concurrency at once, the rest in arrival order', async () => {
    const sut = new ResizeQueue(2, 10);
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, index) => sut.run(async () => {
      started.push(index);
      await g.opened;
      return index;
    }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    expect(sut.active).toBe(2);
    expect(sut.pending).toBe(1);
    gates[1].open();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    expect(sut.active).toBe(2);
    gates[0].open();
    gates[2].open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(sut.active).toBe(0);
    expect(sut.peak).toBe(2);
  });

  it('refuses a job when too many are waiting', async () => {
    const sut = new ResizeQueue(1, 1);
    const g = gate();
    const running = sut.run(() => g.opened);
    const waiting = sut.run(async () => 'later');
    await expect(sut.run(async () => 'refused')).rejects.toBeInstanceOf(QueueFullError);
    g.open();
    await running;
    expect(await waiting).toBe('later');
  });

  it('a failing job frees its slot', async () => {
    const sut = new ResizeQueue(1, 5);
    await expect(sut.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await sut.run(async () => 'next')).toBe('next');
  });
});

describe(InFlight.name, () => {
  it('concurrent calls with one key share a single run', async () => {
    const sut = new InFlight<number>();
    let runs = 0;
    const g = gate();
    const work = async () => {
      runs++;
      await g.opened;
      return 42;
    };
    const calls = [sut.once('a', work), sut.once('a', work)];
    g.open();
    expect(await Promise.all(calls)).toEqual([42, 42]);
    expect(runs).toBe(1);
  });

  it('a finished run is forgotten, so a later call runs again', async () => {
    const sut = new InFlight<string>();
    await sut.once('a', async () => 'first');
    expect(await sut.once('a', async () => 'second')).toBe('second');
    expect(sut.size).toBe(0);
  });
});

describe(`${ResizeQueue.name} with keys`, () => {
  it('lets the originals take turns: forty waiting variants of one photo do not keep another photo behind them all', async () => {
    const sut = new ResizeQueue(1, 100);
    const order: string[] = [];
    const first = gate();
    const runs = [sut.run(() => first.opened, 'huge')];
    for (let i = 0; i < 40; i++) runs.push(sut.run(async () => void order.push(`huge-${i}`), 'huge'));
    runs.push(sut.run(async () => void order.push('other'), 'other'));
    first.open();
    await Promise.all(runs);
    expect(order.indexOf('other')).toBeLessThanOrEqual(1);
    expect(order.filter((name) => name.startsWith('huge-'))).toEqual(Array.from({ length: 40 }, (_, i) => `huge-${i}`));
  });
});
