import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';

/** A temporary file older than this is a write that will never finish (a write takes seconds at most). */
const ABANDONED_WRITE_MS = 60 * 60 * 1000;

/**
 * The size bound of the photo cache folder (originals and variants): every file written is counted, the least
 * recently used are deleted once the total passes `maxBytes` (IMAGE_CACHE_MAX_MB). The folder shares the pod's disk
 * with the embedded database, so it must never grow with what visitors ask for. The index lives in memory and is
 * rebuilt from the folder at start (oldest access first), so a restart keeps the bound.
 */
export class DiskCacheIndex {
  private readonly files: LRUCache<string, number>;
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly root: () => Promise<string>,
    readonly maxBytes: number,
  ) {
    this.files = new LRUCache<string, number>({
      maxSize: maxBytes,
      sizeCalculation: (size) => Math.max(1, size),
      // Only an eviction or a deletion removes the file: `set` again (the same file rewritten) must keep it.
      dispose: (_size, path, reason) => {
        if (reason === 'evict' || reason === 'delete') void rm(path, { force: true });
      },
    });
  }

  /** Bytes counted now. */
  get totalBytes(): number {
    return this.files.calculatedSize;
  }

  /** Reads the folder once: files from before this start count too (least recently modified evicted first). */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      const dir = await this.root();
      const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
      const found: Array<{ path: string; size: number; used: number }> = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const info = await stat(path).catch(() => null);
        if (!info) continue;
        // A temporary file: being written now (left alone), or of a write a crash interrupted (nobody renames it any more).
        if (entry.name.endsWith('.tmp')) {
          if (Date.now() - info.mtimeMs > ABANDONED_WRITE_MS) await rm(path, { force: true });
          continue;
        }
        found.push({ path, size: info.size, used: Math.max(info.atimeMs, info.mtimeMs) });
      }
      for (const file of found.sort((a, b) => a.used - b.used)) this.add(file.path, file.size);
    })();
    return this.loaded;
  }

  /** A file just written: counted, evicting older ones past the bound. */
  async added(path: string, size: number): Promise<void> {
    await this.load();
    this.add(path, size);
  }

  /** A file just served: the most recently used. */
  used(path: string): void {
    this.files.get(path);
  }

  private add(path: string, size: number): void {
    // Larger than the whole bound: not kept at all (lru-cache would refuse to count it and leave it on disk).
    if (size > this.maxBytes) {
      this.files.delete(path);
      void rm(path, { force: true });
      return;
    }
    this.files.set(path, size);
  }
}
