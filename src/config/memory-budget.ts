import { readFileSync } from 'node:fs';

/**
 * One memory budget for the whole process (MEMORY_BUDGET_MB, issue 39), and what each in-memory cache gets of it.
 * Pure arithmetic apart from `readCgroupFile`, which callers may replace (the spec hands in file contents).
 *
 * - The budget: MEMORY_BUDGET_MB when set; else CONTAINER_SHARE of the container's memory limit (cgroup v2, then v1),
 *   leaving the rest of the limit for what no budget bounds (garbage between collections, malloc's arenas, a burst of
 *   photo resizes); else DEFAULT_MEMORY_BUDGET_MB.
 * - The pool: what is left of the budget above PROCESS_FLOOR_MB, the process before any cache (code, V8, libraries),
 *   and above EMBEDDED_DATABASE_MB more when the database runs in the process.
 * - The caches' shares of the pool (SHARES): the render cache, the section cache, and the most any one in-memory object
 *   cache may hold (`objectCacheMb`, read through `cacheEntries`). The other half of the pool is headroom: requests in
 *   flight, the object caches whose caps keep them under their share, the search's.
 *
 * | budget (MB)          | pool | RENDER_CACHE_MB | SECTION_CACHE_MB | objectCacheMb |
 * | 320                  | 40   | 8               | 4                | 8             |
 * | 400                  | 120  | 24              | 12               | 24            |
 * | 1000                 | 720  | 144             | 72               | 144           |
 * | 400, embedded (demo) | 30   | 6               | 3                | 6             |
 *
 * A deployment states the budget and sizes its pod from it (scripts/k8s-check.mjs holds the manifests to it): the
 * memory request is the budget, the limit the budget / CONTAINER_SHARE, so the app reading that limit would arrive at
 * the same budget.
 */

/**
 * What the process takes before any cache: code, V8's heap of modules, its young generation, native libraries, and
 * malloc's arenas around requests in flight (docs/PERFORMANCE.md). Measured: a replica on PostgreSQL ended
 * bench/memory.mjs's load run at 325 MB with 24 MB of render and section caches and ~15 MB of object caches filled,
 * about 280 MB without them (240 MB, the first estimate, left a 320 MB budget 5 MB short).
 */
export const PROCESS_FLOOR_MB = 280;
/**
 * What the embedded database (PGlite, in the process: no DATABASE_URL) adds to the floor: its WebAssembly memory
 * (~38 MB resident), its compiled code and its share of malloc's arenas. bench/memory.mjs's load run ended at 421 MB
 * embedded against 294 MB on PostgreSQL with the same flags (semi-spaces of 8 MB), 24 MB of that the larger caches of
 * the 400 MB default budget: ~90 MB is the database.
 */
export const EMBEDDED_DATABASE_MB = 90;
/** The budget without MEMORY_BUDGET_MB and without a container limit (render and section caches of 24 and 12 MB). */
export const DEFAULT_MEMORY_BUDGET_MB = 400;
/** The budget's part of a container's memory limit (scripts/k8s-check.mjs reads this line: limit = budget / share). */
export const CONTAINER_SHARE = 0.8;
/** Each cache's share of the pool (budget − PROCESS_FLOOR_MB). */
export const SHARES = { render: 0.2, section: 0.1, objects: 0.2 } as const;

/** cgroup v2's limit of this container: a number of bytes, or `max` for none. */
export const CGROUP_V2_LIMIT = '/sys/fs/cgroup/memory.max';
/** cgroup v1's: a number of bytes, near 2^63 (rounded to a page) for none. */
export const CGROUP_V1_LIMIT = '/sys/fs/cgroup/memory/memory.limit_in_bytes';
/** cgroup v1 writes "no limit" as the largest page-aligned number; anything this large is no limit either. */
const V1_NO_LIMIT_FROM = 2 ** 60;

const MIB = 1024 * 1024;

/** A file's text, or undefined when it cannot be read (no such file: no cgroup, or not this version). */
export type ReadFile = (path: string) => string | undefined;

export function readCgroupFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The container's memory limit in bytes, or null when there is none (or it cannot be read). */
export function containerMemoryLimit(read: ReadFile = readCgroupFile): number | null {
  const v2 = read(CGROUP_V2_LIMIT)?.trim();
  // "max", no limit, is no number of bytes.
  if (v2 !== undefined) return bytes(v2);
  const v1 = read(CGROUP_V1_LIMIT)?.trim();
  if (v1 === undefined) return null;
  const limit = bytes(v1);
  return limit !== null && limit < V1_NO_LIMIT_FROM ? limit : null;
}

function bytes(text: string): number | null {
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value > 0 ? value : null;
}

export interface MemoryBudget {
  readonly mb: number;
  /** Where it came from, for the start-up log line. */
  readonly from: 'MEMORY_BUDGET_MB' | 'container limit' | 'default';
  /** The container's limit in MB when it was read, else null. */
  readonly containerLimitMb: number | null;
}

/** The budget: `explicit` (MEMORY_BUDGET_MB) when given, else CONTAINER_SHARE of the container's limit, else the default. */
export function memoryBudget(explicit: number | undefined, read: ReadFile = readCgroupFile): MemoryBudget {
  if (explicit !== undefined) return { mb: explicit, from: 'MEMORY_BUDGET_MB', containerLimitMb: null };
  const limit = containerMemoryLimit(read);
  if (limit === null) return { mb: DEFAULT_MEMORY_BUDGET_MB, from: 'default', containerLimitMb: null };
  // In whole MB, rounded down (a hair of float error upwards, 400 MB × 0.8, stays 320).
  return { mb: Math.floor((limit / MIB) * CONTAINER_SHARE + 1e-9), from: 'container limit', containerLimitMb: Math.floor(limit / MIB) };
}

export interface CacheSizes {
  /** RENDER_CACHE_MB's default. */
  readonly renderCacheMb: number;
  /** SECTION_CACHE_MB's default. */
  readonly sectionCacheMb: number;
  /** The most one in-memory object cache may hold (see `cacheEntries`). */
  readonly objectCacheMb: number;
}

/** The caches' sizes a budget gives (the table above); below the floor every cache is off. */
export function cacheSizes(budgetMb: number, { embedded = false }: { readonly embedded?: boolean } = {}): CacheSizes {
  const pool = Math.max(0, budgetMb - PROCESS_FLOOR_MB - (embedded ? EMBEDDED_DATABASE_MB : 0));
  return {
    renderCacheMb: Math.round(pool * SHARES.render),
    sectionCacheMb: Math.round(pool * SHARES.section),
    objectCacheMb: Math.round(pool * SHARES.objects),
  };
}

export interface EntryBounds {
  /** Never fewer (a cache that small still does its job: the pages being looked at now). */
  readonly min: number;
  /** Never more: the cap the cache had before the budget, its count at DEFAULT_MEMORY_BUDGET_MB or above. */
  readonly max: number;
  /** The part of objectCacheMb this cache may fill (1: all of it). */
  readonly share?: number;
}

/**
 * How many entries of about `bytesPerEntry` bytes (keys, values and the cache's own bookkeeping) fit in the object
 * caches' share of the budget, between `min` and `max`. For a count-bounded in-memory cache (lru-cache `max`):
 * `new LRUCache({ max: cacheEntries(config, 550, { min: 1_000, max: 20_000 }) })`.
 *
 * `config` is the app's (AppConfig); a stand-in without objectCacheMb (a spec's `{} as AppConfig`) counts as the
 * default budget.
 */
export function cacheEntries(config: { readonly objectCacheMb?: number }, bytesPerEntry: number, { min, max, share = 1 }: EntryBounds): number {
  const own = config.objectCacheMb;
  const megabytes = typeof own === 'number' && Number.isFinite(own) ? own : cacheSizes(DEFAULT_MEMORY_BUDGET_MB).objectCacheMb;
  const fit = Math.floor((megabytes * share * MIB) / bytesPerEntry);
  return Math.min(max, Math.max(min, fit));
}
