import { createHash } from 'node:crypto';
import type { Estate } from '../domain/estate.js';
import { referenceKey } from '../domain/format.js';
import { listingFeatures } from '../domain/listing-features.js';
import { searchPointOf } from '../domain/search-point.js';
import { publicPrice } from '../domain/visibility.js';
import type { EstateDocument, EstateEntity } from './estate.entity.js';

/** A project and its units become rows of their own; the unit rows point at the project. */
export function flattenEstate(estate: Estate): Estate[] {
  return [estate, ...estate.children.map((child) => ({ ...child, parentId: estate.id }))];
}

export function documentOf(estate: Estate): EstateDocument {
  // The history dates are columns of their own (and no part of the content hash).
  const { children: _children, marks: _marks, ...document } = estate;
  return document;
}

/** Stable across runs for the same listing, so an unchanged listing is not written again. */
export function contentHashOf(document: EstateDocument): string {
  return createHash('sha256').update(JSON.stringify(document)).digest('hex');
}

/** The row for one listing (project units included, as their own rows), without touching the database. */
export function toRow(estate: Estate, syncedAt: Date): EstateEntity {
  const document = documentOf(estate);
  const geo = estate.address.geoLocation;
  const areaPoint = searchPointOf(estate);
  return {
    id: estate.id,
    source: estate.source,
    sourceId: estate.sourceId,
    guid: estate.guid,
    parentId: estate.parentId,
    isProject: estate.isProject,
    status: estate.transaction.status,
    forRent: estate.transaction.forRent,
    headType: estate.headType,
    subType: estate.subType,
    cityZip: estate.address.city.zip,
    cityName: estate.address.city.name,
    region: estate.address.region,
    referenceKey: estate.reference ? referenceKey(estate.reference).slice(0, 64) || null : null,
    publicPrice: publicPrice(estate),
    bedrooms: estate.bedrooms,
    // The search filters' columns (issue 38), by the rules matchesCriteria applies to the alerts.
    ...listingFeatures(estate),
    lat: geo?.lat ?? null,
    lon: geo?.lon ?? null,
    areaLat: areaPoint?.lat ?? null,
    areaLon: areaPoint?.lon ?? null,
    updatedAt: new Date(estate.updatedAt),
    // Kept by the sync from the listing's events (estate-sync.service.ts), not by the CRM's record.
    listedAt: null,
    priceReducedAt: null,
    contentHash: contentHashOf(document),
    syncedAt,
    document,
  };
}

/** The domain listing back from its row and, for a project, its unit rows. */
export function fromRows(row: EstateEntity, units: readonly EstateEntity[] = []): Estate {
  return { ...row.document, children: units.map((unit) => fromRows(unit)), marks: { listedAt: row.listedAt ?? null, priceReducedAt: row.priceReducedAt ?? null } };
}

/** What a page made from this row depends on: its content and the dates of its history the sync keeps beside it. */
export function rowVersion(row: Pick<EstateEntity, 'contentHash' | 'listedAt' | 'priceReducedAt'>): string {
  return `${row.contentHash}/${row.listedAt?.getTime() ?? ''}/${row.priceReducedAt?.getTime() ?? ''}`;
}
