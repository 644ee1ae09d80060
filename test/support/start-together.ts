/**
 * Waits for two things started side by side. When either fails, `closeStarted` gets the one that did start (the
 * other undefined) and the failure is thrown, so a failed start leaves nothing running.
 */
export async function startTogether<A, B>(starting: readonly [Promise<A>, Promise<B>], closeStarted: (a: A | undefined, b: B | undefined) => Promise<void>): Promise<[A, B]> {
  const [a, b] = await Promise.allSettled(starting);
  if (a.status === 'fulfilled' && b.status === 'fulfilled') return [a.value, b.value];
  await closeStarted(a.status === 'fulfilled' ? a.value : undefined, b.status === 'fulfilled' ? b.value : undefined);
  throw a.status === 'rejected' ? a.reason : (b as PromiseRejectedResult).reason;
}
