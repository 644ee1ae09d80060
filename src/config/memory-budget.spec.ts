import { describeMemoryBudget, loadConfig } from './config.js';
import { cacheEntries, cacheSizes, CGROUP_V1_LIMIT, CGROUP_V2_LIMIT, containerMemoryLimit, memoryBudget, type ReadFile } from './memory-budget.js';

const MIB = 1024 * 1024;

/** A machine whose only readable files are `files` (path → contents). */
const machine =
  (files: Record<string, string>): ReadFile =>
  (path) =>
    files[path];
const noCgroup = machine({});
const v2 = (contents: string) => machine({ [CGROUP_V2_LIMIT]: contents });
const v1 = (contents: string) => machine({ [CGROUP_V1_LIMIT]: contents });

describe(containerMemoryLimit.name, () => {
  it('reads cgroup v2 (memory.max), "max" meaning none', () => {
    expect(containerMemoryLimit(v2(`${400 * MIB}\n`))).toBe(400 * MIB);
    expect(containerMemoryLimit(v2('max\n'))).toBeNull();
  });

  it('reads cgroup v1 (memory.limit_in_bytes) when there is no v2 file, its near-2^63 value meaning none', () => {
    expect(containerMemoryLimit(v1(`${1024 * MIB}\n`))).toBe(1024 * MIB);
    expect(containerMemoryLimit(v1('9223372036854771712\n'))).toBeNull();
    expect(containerMemoryLimit(v1(`${2 ** 60}`))).toBeNull();
  });

  it('takes v2 over v1, and nothing from no file or from what is not a number', () => {
    expect(containerMemoryLimit(machine({ [CGROUP_V2_LIMIT]: 'max', [CGROUP_V1_LIMIT]: `${512 * MIB}` }))).toBeNull();
    expect(containerMemoryLimit(noCgroup)).toBeNull();
    expect(containerMemoryLimit(v2('-1'))).toBeNull();
    expect(containerMemoryLimit(v1('0'))).toBeNull();
  });
});

describe(memoryBudget.name, () => {
  it('is 80 % of the container limit in whole MB, 400 without one, the setting when given', () => {
    expect(memoryBudget(undefined, v2(`${400 * MIB}`))).toEqual({ mb: 320, from: 'container limit', containerLimitMb: 400 });
    expect(memoryBudget(undefined, v1(`${1000 * MIB}`)).mb).toBe(800);
    expect(memoryBudget(undefined, v2(`${401 * MIB}`)).mb).toBe(320);
    expect(memoryBudget(undefined, v2('max'))).toEqual({ mb: 400, from: 'default', containerLimitMb: null });
    expect(memoryBudget(undefined, noCgroup).mb).toBe(400);
    expect(memoryBudget(640, v2(`${400 * MIB}`))).toEqual({ mb: 640, from: 'MEMORY_BUDGET_MB', containerLimitMb: null });
  });
});

describe(cacheSizes.name, () => {
  it('gives the render and section caches 20 % and 10 % of the budget above the 280 MB floor, object caches 20 %', () => {
    expect(cacheSizes(320)).toEqual({ renderCacheMb: 8, sectionCacheMb: 4, objectCacheMb: 8 });
    expect(cacheSizes(400)).toEqual({ renderCacheMb: 24, sectionCacheMb: 12, objectCacheMb: 24 });
    expect(cacheSizes(1000)).toEqual({ renderCacheMb: 144, sectionCacheMb: 72, objectCacheMb: 144 });
    // The embedded database in the process takes its part of the budget first.
    expect(cacheSizes(400, { embedded: true })).toEqual({ renderCacheMb: 6, sectionCacheMb: 3, objectCacheMb: 6 });
  });

  it('turns every cache off at or below the floor', () => {
    expect(cacheSizes(280)).toEqual({ renderCacheMb: 0, sectionCacheMb: 0, objectCacheMb: 0 });
    expect(cacheSizes(0)).toEqual({ renderCacheMb: 0, sectionCacheMb: 0, objectCacheMb: 0 });
  });
});

describe(cacheEntries.name, () => {
  const listing = { min: 100, max: 5_000 };

  it('counts the entries of a size that fit in the object share, between min and max', () => {
    // 32 MB of 27 KB listings at the default budget of 400; 16 MB at 320.
    expect(cacheEntries({ objectCacheMb: 32 }, 27 * 1024, listing)).toBe(1213);
    expect(cacheEntries({ objectCacheMb: 16 }, 27 * 1024, listing)).toBe(606);
    expect(cacheEntries({ objectCacheMb: 152 }, 27 * 1024, listing)).toBe(5_000);
    expect(cacheEntries({ objectCacheMb: 0 }, 27 * 1024, listing)).toBe(100);
  });

  it('keeps a small cache at its cap from the default budget up, and shrinks it below', () => {
    const knownPages = { min: 1_000, max: 20_000 };
    expect(cacheEntries({ objectCacheMb: 32 }, 550, knownPages)).toBe(20_000);
    expect(cacheEntries({ objectCacheMb: 4 }, 550, knownPages)).toBe(7_626);
  });

  it('fills only its share when given one, and takes a stand-in config without the share as the default budget', () => {
    expect(cacheEntries({ objectCacheMb: 32 }, 27 * 1024, { ...listing, share: 0.5 })).toBe(606);
    expect(cacheEntries({}, 27 * 1024, listing)).toBe(910);
  });
});

describe('loadConfig and the memory budget', () => {
  const limited = v2(`${400 * MIB}`);
  /** A replica on PostgreSQL: the budget is all the app's (no database in the process). */
  const REPLICA = { DATABASE_URL: 'postgres://db.example/immo' };

  it('leaves the embedded database its part of the budget first (no DATABASE_URL: PGlite in the process)', () => {
    const sut = loadConfig({}, noCgroup);
    expect([sut.MEMORY_BUDGET_MB, sut.RENDER_CACHE_MB, sut.SECTION_CACHE_MB, sut.objectCacheMb]).toEqual([400, 6, 3, 6]);
  });

  it('sizes the caches from the container limit when nothing is set', () => {
    const sut = loadConfig({ ...REPLICA }, limited);
    expect([sut.MEMORY_BUDGET_MB, sut.RENDER_CACHE_MB, sut.SECTION_CACHE_MB, sut.objectCacheMb]).toEqual([320, 8, 4, 8]);
  });

  it('keeps the sizes it had before the budget without a container limit (400: 24 and 12 MB)', () => {
    const sut = loadConfig({ ...REPLICA }, noCgroup);
    expect([sut.MEMORY_BUDGET_MB, sut.RENDER_CACHE_MB, sut.SECTION_CACHE_MB, sut.objectCacheMb]).toEqual([400, 24, 12, 24]);
    expect(loadConfig({ ...REPLICA,  MEMORY_BUDGET_MB: '' }, noCgroup).MEMORY_BUDGET_MB).toBe(400);
  });

  it('takes an explicit MEMORY_BUDGET_MB over the container limit', () => {
    const sut = loadConfig({ ...REPLICA,  MEMORY_BUDGET_MB: '1000' }, limited);
    expect([sut.MEMORY_BUDGET_MB, sut.RENDER_CACHE_MB, sut.SECTION_CACHE_MB, sut.objectCacheMb]).toEqual([1000, 144, 72, 144]);
  });

  it('lets an explicit RENDER_CACHE_MB or SECTION_CACHE_MB win over its share, 0 turning the cache off', () => {
    const sut = loadConfig({ ...REPLICA,  MEMORY_BUDGET_MB: '320', RENDER_CACHE_MB: '64' }, noCgroup);
    expect([sut.RENDER_CACHE_MB, sut.SECTION_CACHE_MB]).toEqual([64, 4]);
    const off = loadConfig({ ...REPLICA,  RENDER_CACHE_MB: '0', SECTION_CACHE_MB: '0' }, limited);
    expect([off.MEMORY_BUDGET_MB, off.RENDER_CACHE_MB, off.SECTION_CACHE_MB]).toEqual([320, 0, 0]);
    const none = loadConfig({ ...REPLICA,  MEMORY_BUDGET_MB: '0' }, limited);
    expect([none.MEMORY_BUDGET_MB, none.RENDER_CACHE_MB, none.SECTION_CACHE_MB, none.objectCacheMb]).toEqual([0, 0, 0, 0]);
  });

  it('refuses a budget that is not a whole number of MB at least 0', () => {
    expect(() => loadConfig({ ...REPLICA,  MEMORY_BUDGET_MB: '-1' }, noCgroup)).toThrow('MEMORY_BUDGET_MB="-1"');
    expect(() => loadConfig({ ...REPLICA,  MEMORY_BUDGET_MB: '320MB' }, noCgroup)).toThrow('MEMORY_BUDGET_MB="320MB"');
  });

  it('says in one line where the budget came from and what each cache gets', () => {
    expect(describeMemoryBudget(loadConfig({ ...REPLICA }, limited))).toBe(
      "Memory budget 320 MB (80 % of the container's 400 MB limit): render cache 8 MB, section cache 4 MB, up to 8 MB per object cache",
    );
    expect(describeMemoryBudget(loadConfig({ ...REPLICA }, noCgroup))).toContain('Memory budget 400 MB (the default: no MEMORY_BUDGET_MB, no container limit)');
    expect(describeMemoryBudget(loadConfig({ ...REPLICA,  MEMORY_BUDGET_MB: '1000', RENDER_CACHE_MB: '0' }, limited))).toContain('(MEMORY_BUDGET_MB): render cache 0 MB, section cache 72 MB');
  });
});
