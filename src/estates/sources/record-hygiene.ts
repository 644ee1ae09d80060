import type { Estate } from '../domain/estate.js';
import type { FieldGap, SourceRecord } from './estate-source.port.js';

/**
 * What PostgreSQL refuses of a mapped listing, taken out before the sync writes it, so one CRM record never aborts a
 * run ("unsupported Unicode escape sequence", "numeric field overflow", "value too long"): the listing is shown without
 * the bad field and a FieldGap says why; only a record whose required fields cannot be stored is skipped. The bounds
 * are the columns' (src/estates/persistence/estate.entity.ts, migrations/): a field that feeds no column only has to
 * survive jsonb, which refuses NUL and lone surrogates and turns a non-finite number into null.
 */

/** numeric(14,2) (`public_price`, `listing_events.old_price/new_price`): below 10^12 once rounded to cents. */
export const MAX_PRICE = 999_999_999_999.99;
/** smallint (`bedrooms`). */
const SMALLINT = { min: -32_768, max: 32_767 } as const;
/** varchar(n) columns filled from the listing (estate-record.ts toRow). */
const VARCHAR = { sourceId: 64, guid: 64, status: 16, headType: 16, subType: 40, cityZip: 12, cityName: 80, region: 10 } as const;
/** timestamptz (`updated_at`) holds far more than this; a CRM date outside it is a typo, not a date. */
const EARLIEST = Date.UTC(1, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);
/** What a listing whose change date is unreadable is dated: it sorts last among the newest, and stays stable between runs. */
export const UNKNOWN_UPDATED_AT = '1970-01-01T00:00:00.000Z';
/** Paths named in one text gap's reason. */
const NAMED_PATHS = 3;

/** A quick look first: most strings hold no surrogate at all (an emoji is a pair, and is kept). */
const ANY_SURROGATE = /[\uD800-\uDFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The string without NUL characters and lone UTF-16 surrogates (jsonb and text columns refuse both); all else kept. */
export function cleanText(text: string): string {
  const withoutNul = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return ANY_SURROGATE.test(withoutNul) ? withoutNul.replace(LONE_SURROGATE, '') : withoutNul;
}

/** A required field the database cannot hold: the record (or the unit) is skipped. */
class Unstorable extends Error {}

/** One listing's cleaning: the gaps found so far, by what a visitor misses. */
class Cleaning {
  readonly gaps: FieldGap[] = [];
  private readonly cleanedPaths: string[] = [];
  private readonly nonFinitePaths: string[] = [];

  constructor(private readonly prefix: string) {}

  gap(field: string, reason: string): void {
    this.gaps.push({ field, reason: `${this.prefix}${reason}` });
  }

  /** Every string cleaned and every non-finite number made null, recursively (object keys included). */
  deep(value: unknown, path: string): unknown {
    if (typeof value === 'string') {
      const cleaned = cleanText(value);
      if (cleaned !== value) this.cleanedPaths.push(path);
      return cleaned;
    }
    if (typeof value === 'number') {
      if (Number.isFinite(value)) return value;
      this.nonFinitePaths.push(path);
      return null;
    }
    if (Array.isArray(value)) {
      let changed = false;
      const items = value.map((item, index) => {
        const cleaned = this.deep(item, `${path}[${index}]`);
        changed ||= cleaned !== item;
        return cleaned;
      });
      return changed ? items : value;
    }
    if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      let changed = false;
      const entries = Object.entries(value).map(([key, item]) => {
        const cleanKey = cleanText(key);
        const name = path ? `${path}.${cleanKey}` : cleanKey;
        if (cleanKey !== key) this.cleanedPaths.push(name);
        const cleaned = this.deep(item, name);
        changed ||= cleaned !== item || cleanKey !== key;
        return [cleanKey, cleaned] as const;
      });
      return changed ? Object.fromEntries(entries) : value;
    }
    return value;
  }

  /** The deep pass's findings as one gap each (a listing with 40 dirty strings is one 'text' gap). */
  summarize(): void {
    const named = (paths: readonly string[]) => paths.slice(0, NAMED_PATHS).join(', ') + (paths.length > NAMED_PATHS ? ` and ${paths.length - NAMED_PATHS} more` : '');
    if (this.cleanedPaths.length) this.gap('text', `NUL characters or lone surrogates removed from ${named(this.cleanedPaths)}`);
    if (this.nonFinitePaths.length) this.gap('numbers', `not a finite number, left out: ${named(this.nonFinitePaths)}`);
  }
}

/** A required varchar field: skipped when it does not fit. */
function required(value: unknown, name: keyof typeof VARCHAR): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Unstorable(`${name} is missing`);
  if (value.length > VARCHAR[name]) throw new Unstorable(`${name} is longer than ${VARCHAR[name]} characters`);
  return value;
}

/** At most `max` UTF-16 units, cut between code points (no half of a surrogate pair left behind). */
function cut(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out.trimEnd();
}

function priceOrNull(value: number | null, name: string, cleaning: Cleaning): number | null {
  if (value === null || Math.abs(value) <= MAX_PRICE) return value;
  cleaning.gap('price', `${name} ${value} is beyond what a price column holds (numeric(14,2)); shown without it`);
  return null;
}

/** A point a map can show; anything else is no point at all. */
function validPoint(lat: unknown, lon: unknown): boolean {
  return typeof lat === 'number' && typeof lon === 'number' && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

/** The listing as the database can hold it; throws Unstorable when a required field cannot be stored. */
function cleanEstate(raw: Estate, cleaning: Cleaning): Estate {
  const { children, marks, ...rest } = raw;
  let estate = cleaning.deep(rest, '') as Omit<Estate, 'children' | 'marks'>;
  cleaning.summarize();
  required(estate.sourceId, 'sourceId');
  required(estate.transaction?.status, 'status');
  required(estate.headType, 'headType');
  if (typeof estate.transaction.forRent !== 'boolean') throw new Unstorable('the transaction (sale or rent) is missing');

  if (estate.guid !== null && estate.guid.length > VARCHAR.guid) {
    cleaning.gap('guid', `guid is longer than ${VARCHAR.guid} characters; left out`);
    estate = { ...estate, guid: null };
  }
  if (estate.subType !== null && estate.subType.length > VARCHAR.subType) {
    cleaning.gap('subType', `subtype "${cut(estate.subType, 40)}…" is longer than ${VARCHAR.subType} characters; left out`);
    estate = { ...estate, subType: null };
  }

  let address = estate.address;
  let city = address.city;
  if (typeof city.zip !== 'string' || city.zip.length > VARCHAR.cityZip) {
    cleaning.gap('city', `zip is not a postal code of at most ${VARCHAR.cityZip} characters; left out`);
    city = { ...city, zip: '' };
  }
  if (typeof city.name !== 'string') {
    cleaning.gap('city', 'the city has no name');
    city = { ...city, name: '' };
  } else if (city.name.length > VARCHAR.cityName) {
    cleaning.gap('city', `city name is longer than ${VARCHAR.cityName} characters; shortened`);
    city = { ...city, name: cut(city.name, VARCHAR.cityName) };
  }
  if ((city.lat !== null || city.lon !== null) && !validPoint(city.lat, city.lon)) {
    cleaning.gap('coordinates', `the city's point ${city.lat},${city.lon} is not on the map; left out`);
    city = { ...city, lat: null, lon: null };
  }
  if (city !== address.city) address = { ...address, city };
  if (address.region !== null && (typeof address.region !== 'string' || address.region.length > VARCHAR.region)) {
    cleaning.gap('region', 'region is not a region; left out');
    address = { ...address, region: null };
  }
  if (address.geoLocation !== null && !validPoint(address.geoLocation?.lat, address.geoLocation?.lon)) {
    cleaning.gap('coordinates', `the point ${address.geoLocation?.lat},${address.geoLocation?.lon} is not on the map; left out`);
    address = { ...address, geoLocation: null };
  }
  if (address !== estate.address) estate = { ...estate, address };

  const value = priceOrNull(estate.price.value, 'price', cleaning);
  const priceFrom = priceOrNull(estate.price.priceFrom, 'priceFrom', cleaning);
  if (value !== estate.price.value || priceFrom !== estate.price.priceFrom) estate = { ...estate, price: { ...estate.price, value, priceFrom } };

  const bedrooms = estate.bedrooms;
  if (bedrooms !== null && (!Number.isInteger(bedrooms) || bedrooms < SMALLINT.min || bedrooms > SMALLINT.max)) {
    cleaning.gap('bedrooms', `${bedrooms} bedrooms is not a whole number a smallint holds; left out`);
    estate = { ...estate, bedrooms: null };
  }

  const updated = typeof estate.updatedAt === 'string' ? Date.parse(estate.updatedAt) : Number.NaN;
  if (!(updated >= EARLIEST && updated <= LATEST)) {
    cleaning.gap('updatedAt', `change date "${String(estate.updatedAt)}" is unreadable; dated ${UNKNOWN_UPDATED_AT}`);
    estate = { ...estate, updatedAt: UNKNOWN_UPDATED_AT };
  }

  const units: Estate[] = [];
  for (const child of children ?? []) {
    const unit = new Cleaning(`unit ${cut(cleanText(String(child?.sourceId)), VARCHAR.sourceId)}: `);
    try {
      units.push(cleanEstate(child, unit));
      cleaning.gaps.push(...unit.gaps);
    } catch (error) {
      // A unit that cannot be stored (or is of the wrong shape) is left out; its project is shown.
      cleaning.gap('units', `unit ${cut(cleanText(String(child?.sourceId)), VARCHAR.sourceId)} left out: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const sameUnits = units.length === (children ?? []).length && units.every((unit, index) => unit === children[index]);
  return { ...estate, children: sameUnits ? children : units, ...(marks === undefined ? {} : { marks }) } as Estate;
}

/**
 * The record as the database can hold it (see the top of this file). A listing keeps every other field; the gaps it
 * was given by its mapper come first. An error or hidden record only loses what its id cannot carry. The sync and the
 * go-live check both call this on every record of every source, so the check reports what the sync would skip. Never
 * throws.
 */
export function cleanSourceRecord(record: SourceRecord): SourceRecord {
  if (!record.ok) {
    const sourceId = cleanText(String(record.sourceId));
    if ('error' in record) return sourceId === record.sourceId && cleanText(record.error) === record.error ? record : { ok: false, sourceId, error: cleanText(record.error) };
    return sourceId === record.sourceId ? record : { ok: false, sourceId, hidden: cleanText(record.hidden) };
  }
  const cleaning = new Cleaning('');
  try {
    const estate = cleanEstate(record.estate, cleaning);
    if (cleaning.gaps.length === 0 && unchanged(estate, record.estate)) return record;
    return { ok: true, estate, gaps: [...(record.gaps ?? []), ...cleaning.gaps] };
  } catch (error) {
    // Never a throw: the sync and the go-live check both skip the record (a mapper's output of the wrong shape too).
    const id = typeof record.estate?.sourceId === 'string' ? cut(cleanText(record.estate.sourceId), VARCHAR.sourceId) : '';
    const why = error instanceof Unstorable ? `cannot be stored: ${error.message}` : `unreadable: ${error instanceof Error ? error.message : String(error)}`;
    return { ok: false, sourceId: id || String(record.estate?.id), error: why };
  }
}

/** Whether cleaning gave back the same listing (every part the same object): then the record is returned as it was. */
function unchanged(cleaned: Estate, raw: Estate): boolean {
  return (Object.keys(raw) as Array<keyof Estate>).every((key) => cleaned[key] === raw[key]);
}
