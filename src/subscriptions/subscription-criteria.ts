import type { SearchProfile } from '../estates/sources/lead-sink.port.js';
import { enumLabel } from '../estates/domain/enum-labels.js';
import type { Estate } from '../estates/domain/estate.js';
import { formatArea, formatCurrency } from '../estates/domain/format.js';
import type { Translator } from '../i18n/translator.js';
import type { SearchCriteriaDto } from '../search/search-criteria.dto.js';
import { areaOf, type LatLon } from '../search/search-area.js';
import { describeArea } from '../search/search-area-text.js';
import { EMPTY_CRITERIA, matchesCriteria, parseSearchQuery, type SearchCriteria, toSearchQuery } from '../search/search-criteria.js';
import type { StoredCriteria } from './subscription.entity.js';

/**
 * The search a subscription keeps: the criteria of the form (or of a search's query string) in their canonical
 * form, so the same search always compares equal (a second subscription to it updates the first).
 */
export function storedCriteria(source: Readonly<Record<string, unknown>> | URLSearchParams): StoredCriteria {
  const canonical = parseSearchQuery(new URLSearchParams(toSearchQuery(parseSearchQuery(source), { page: false, sort: false })));
  const { sort: _sort, page: _page, ...criteria } = canonical;
  return criteria;
}

export function searchCriteriaOf(stored: StoredCriteria): SearchCriteria {
  return { ...EMPTY_CRITERIA, ...stored };
}

/** The query string of the search page for this subscription (pre-fills forms, links to the results). */
export function subscriptionQuery(stored: StoredCriteria): string {
  return toSearchQuery(searchCriteriaOf(stored), { page: false, sort: false });
}

/** Whether a listing belongs in a digest for this search (the search's own rule; `placePoint` resolves a radius around a place). */
export function matchesSubscription(estate: Estate, stored: StoredCriteria, placePoint?: (place: string) => LatLon | null): boolean {
  return matchesCriteria(estate, searchCriteriaOf(stored), placePoint);
}

/** The search in words, one line per criterion, in the translator's language; one line for "everything". */
export function describeCriteria(stored: StoredCriteria, t: Translator): string[] {
  const criteria = searchCriteriaOf(stored);
  const lines: string[] = [];
  const line = (labelKey: string, value: string) => lines.push(`${t.t(labelKey)}: ${value}`);
  if (criteria.transaction) line('search.form.transaction', t.t(`search.form.${criteria.transaction}`));
  if (criteria.headTypes.length > 0) line('search.form.headTypes', criteria.headTypes.map((type) => enumLabel(t, 'headType', type) || type).join(', '));
  if (criteria.locations.length > 0) line('search.form.location', criteria.locations.join(', '));
  if (criteria.area) line('area.describe.label', describeArea(criteria.area, t));
  if (criteria.priceMin !== null) line('search.form.priceMin', formatCurrency(criteria.priceMin));
  if (criteria.priceMax !== null) line('search.form.priceMax', formatCurrency(criteria.priceMax));
  if (criteria.bedroomsMin !== null) line('search.form.bedroomsMin', `${criteria.bedroomsMin}+`);
  if (criteria.reference) line('search.form.reference', criteria.reference);
  if (criteria.livingAreaMin !== null) line('search.form.livingAreaMin', t.t('search.form.areaAtLeast', { area: formatArea(criteria.livingAreaMin) }));
  if (criteria.plotAreaMin !== null) line('search.form.plotAreaMin', t.t('search.form.areaAtLeast', { area: formatArea(criteria.plotAreaMin) }));
  if (criteria.epc !== null) line('search.form.epc', t.t('search.form.epcAtLeast', { label: criteria.epc }));
  if (criteria.facadesMin !== null) line('search.form.facadesMin', t.t(`search.form.facades.${criteria.facadesMin}`));
  const features = (['garden', 'terrace', 'parking', 'newBuild'] as const).filter((name) => criteria[name]);
  if (features.length > 0) line('search.form.featuresLegend', features.map((name) => t.t(`search.form.featureNames.${name}`)).join(', '));
  if (criteria.newSince !== null) line('search.form.newSince', t.t(`search.form.newSinceDays.${criteria.newSince}`));
  return lines.length > 0 ? lines : [t.t('subscriptions.criteria.everything')];
}

/** The search fields of a validated form post, in their canonical stored form. */
export function criteriaFromForm(dto: SearchCriteriaDto): StoredCriteria {
  const query = toSearchQuery({
    transaction: dto.transaction ?? null,
    headTypes: (dto.headTypes ?? []) as SearchCriteria['headTypes'],
    subTypes: dto.subTypes ?? [],
    locations: dto.locations ?? [],
    priceMin: dto.priceMin ?? null,
    priceMax: dto.priceMax ?? null,
    bedroomsMin: dto.bedroomsMin || null,
    reference: dto.reference ?? null,
    livingAreaMin: dto.livingAreaMin || null,
    plotAreaMin: dto.plotAreaMin || null,
    epc: (dto.epc as SearchCriteria['epc'] | undefined) ?? null,
    garden: dto.garden === true,
    terrace: dto.terrace === true,
    parking: dto.parking === true,
    facadesMin: dto.facadesMin ?? null,
    newBuild: dto.newBuild === true,
    newSince: dto.newSince ?? null,
    area: areaOf(dto),
  });
  return storedCriteria(new URLSearchParams(query));
}

/** The form's field values for a stored search (repeated fields as lists), to pre-fill the form. */
export function criteriaFormValues(stored: StoredCriteria): Record<string, string | string[]> {
  const params = new URLSearchParams(subscriptionQuery(stored));
  const values: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) values[key] = key === 'headTypes' || key === 'subTypes' ? params.getAll(key) : (params.get(key) ?? '');
  return values;
}

/**
 * The search as a CRM's search profile (the lead of a confirmed subscription): the criteria a CRM can store. An area
 * is not among them (Zabun's contactrequest and Whise's SearchCriteria have no geographic field, and its places
 * would narrow a radius to the named cities only): the lead's message, describeCriteria's lines, names it.
 */
export function searchProfileOf(stored: StoredCriteria): SearchProfile {
  const criteria = searchCriteriaOf(stored);
  return {
    transaction: criteria.transaction,
    headTypes: criteria.headTypes,
    subTypes: criteria.subTypes,
    locations: criteria.locations,
    priceMin: criteria.priceMin,
    priceMax: criteria.priceMax,
    bedroomsMin: criteria.bedroomsMin,
  };
}
