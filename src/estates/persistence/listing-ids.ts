import { type EntityManager, In, MoreThanOrEqual } from 'typeorm';
import type { Estate, SourceName } from '../domain/estate.js';
import { ListingIdEntity } from './listing-id.entity.js';

/**
 * Site ids from here up are handed out when a listing's own number is taken or unusable. Site ids have at most nine
 * digits (the detail routes accept no more), so a CRM number from 900,000,000 up also gets an overflow id.
 */
export const OVERFLOW_ID_START = 900_000_000;
const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** A CRM's own number is kept as the site id when it is a plain positive integer below the overflow range. */
function usable(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id < OVERFLOW_ID_START;
}

/**
 * The site id of each listing (by its source id), in `manager`'s transaction: the one it already has, else the CRM's
 * own number (`estate.id` as mapped) when no listing of any source has it, else the next id of the overflow range.
 * Ids are never given back, so a URL always means the same listing. The sync runs one at a time (an exclusive
 * job), so reading the highest overflow id and inserting after it cannot race another sync.
 */
export async function assignListingIds(manager: EntityManager, source: SourceName, estates: readonly Estate[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const keys = [...new Set(estates.map((estate) => estate.sourceId))];
  for (const chunk of chunks(keys)) {
    const rows = await manager.find(ListingIdEntity, { select: { id: true, sourceId: true }, where: { source, sourceId: In(chunk) } });
    for (const row of rows) ids.set(row.sourceId, row.id);
  }
  const seen = new Set<string>();
  const fresh = estates.filter((estate) => !ids.has(estate.sourceId) && !seen.has(estate.sourceId) && seen.add(estate.sourceId));
  if (fresh.length === 0) return ids;

  const wanted = fresh.map((estate) => estate.id).filter(usable);
  const taken = new Set<number>();
  for (const chunk of chunks(wanted)) {
    const rows = await manager.find(ListingIdEntity, { select: { id: true }, where: { id: In(chunk) } });
    for (const row of rows) taken.add(row.id);
  }
  const highest = await manager.findOne(ListingIdEntity, { select: { id: true }, where: { id: MoreThanOrEqual(OVERFLOW_ID_START) }, order: { id: 'DESC' } });
  let next = (highest?.id ?? OVERFLOW_ID_START - 1) + 1;
  const rows: Array<Pick<ListingIdEntity, 'id' | 'source' | 'sourceId'>> = [];
  for (const estate of fresh) {
    const id = usable(estate.id) && !taken.has(estate.id) ? estate.id : next++;
    taken.add(id);
    ids.set(estate.sourceId, id);
    rows.push({ id, source, sourceId: estate.sourceId });
  }
  for (const chunk of chunks(rows)) await manager.insert(ListingIdEntity, chunk);
  return ids;
}

/** The listing (and its units) under their site ids; units point at their project's. */
export function withSiteIds(estate: Estate, ids: ReadonlyMap<string, number>): Estate {
  const id = ids.get(estate.sourceId) ?? estate.id;
  return { ...estate, id, children: estate.children.map((unit) => ({ ...withSiteIds(unit, ids), parentId: id })) };
}
