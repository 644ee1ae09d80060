import type { Stats } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';

/** The file's stats when it exists and is younger than `maxAgeMs` (null: any age); else null. */
export async function freshFile(path: string, maxAgeMs: number | null): Promise<Stats | null> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) return null;
  return maxAgeMs === null || Date.now() - info.mtimeMs < maxAgeMs ? info : null;
}

/**
 * Writes through a temporary name and a rename, so a reader (another request, another replica sharing the
 * folder, a restart after a crash) sees the whole file or none of it.
 */
export async function writeFileAtomic(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** A validator from size and modification time, like static file servers: no need to hash the bytes. */
export function etagOf(info: Stats): string {
  return `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
}
