/**
 * Polls `probe` until `accept` says yes, then returns its value; on time-out fails with what was awaited and the
 * last value seen, so a red test says what is wrong instead of "timeout". Use it instead of a fixed sleep before
 * asserting a state that arrives asynchronously (an animation ending, a job running, a mail arriving).
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  { timeoutMs = 5_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let failure: unknown;
  for (;;) {
    try {
      last = await probe();
      failure = undefined;
      if (accept(last)) return last;
    } catch (error) {
      failure = error;
    }
    if (Date.now() > deadline) {
      const seen = failure ? `the probe failed: ${String(failure)}` : `last seen ${JSON.stringify(last)}`;
      throw new Error(`${what}: not reached within ${timeoutMs} ms (${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
