import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '../../../test/support/poll.js';
import { DiskCacheIndex } from './disk-cache.js';

describe(DiskCacheIndex.name, () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'immo-disk-cache-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, size: number) => {
    const path = join(dir, name);
    writeFileSync(path, Buffer.alloc(size));
    return path;
  };

  it('deletes the least recently used files once the total passes the bound', async () => {
    const sut = new DiskCacheIndex(async () => dir, 300);
    const [a, b, c] = [file('a', 100), file('b', 100), file('c', 100)];
    for (const path of [a, b, c]) await sut.added(path, 100);
    sut.used(a);
    const d = file('d', 100);
    await sut.added(d, 100);
    await until('b deleted', async () => existsSync(b), (exists) => !exists);
    expect([a, c, d].map(existsSync)).toEqual([true, true, true]);
    expect(sut.totalBytes).toBe(300);
  });

  it('keeps a file written again under the same name, and never keeps one larger than the bound', async () => {
    const sut = new DiskCacheIndex(async () => dir, 300);
    const a = file('a', 100);
    await sut.added(a, 100);
    await sut.added(file('a', 120), 120);
    const huge = file('huge', 400);
    await sut.added(huge, 400);
    await until('the huge file deleted', async () => existsSync(huge), (exists) => !exists);
    expect(existsSync(a)).toBe(true);
    expect(sut.totalBytes).toBe(120);
  });

  it('counts the files already in the folder at start, the oldest evicted first, and removes interrupted writes (not one under way)', async () => {
    mkdirSync(join(dir, 'variants/x'), { recursive: true });
    const old = file('variants/x/old', 200);
    utimesSync(old, new Date(Date.now() - 86_400_000), new Date(Date.now() - 86_400_000));
    const recent = file('variants/x/recent', 100);
    const partial = file('variants/x/recent.123-ab.tmp', 50);
    utimesSync(partial, new Date(Date.now() - 86_400_000), new Date(Date.now() - 86_400_000));
    const writing = file('variants/x/other.456-cd.tmp', 50);
    const sut = new DiskCacheIndex(async () => dir, 300);
    await sut.load();
    expect(sut.totalBytes).toBe(300);
    expect(existsSync(partial)).toBe(false);
    expect(existsSync(writing)).toBe(true);
    await sut.added(file('new', 100), 100);
    await until('the oldest deleted', async () => existsSync(old), (exists) => !exists);
    expect(existsSync(recent)).toBe(true);
  });
});
