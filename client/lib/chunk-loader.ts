/** Script parts that take longer than this count as failed (SPEC §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(readonly chunk: string) {
    super(`Loading chunk ${chunk} failed`);
  }
}

/**
 * Loads an on-demand part of the client (an island) and fails with "Loading chunk N failed" when
 * the import rejects or does not settle within the time-out (SPEC §8).
 */
export function loadChunk<T>(chunk: string, load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk));
      },
    );
  });
}
