import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { propertyImageUrl } from '../../routing/routes.js';
import type { LocalizedText } from '../../i18n/localized-text.js';
import { AMENITIES, type Amenity, type AvailabilityRange, type IsoDate, REGIONS, type Region, type Season } from '../domain/holiday-unit.js';
import { addDays } from '../domain/stay.js';
import type { HolidaySource, SourcedHolidayUnit } from './holiday-source.port.js';

/** The demo photos' account (served from fixtures/photos by the property-images proxy). */
const DEMO_PHOTO_ACCOUNT = '1042';

/** A demo record: seasons as month-day spans that repeat every year, ranges relative to today. */
interface RawUnit {
  readonly id: number;
  readonly region: string;
  readonly name: LocalizedText;
  readonly description: LocalizedText;
  readonly houseRules: LocalizedText;
  readonly address: { street: string; zip: string; city: string; lat: number | null; lon: number | null };
  readonly guests: number;
  readonly bedrooms: number;
  readonly bathrooms: number;
  readonly beds: number;
  readonly amenities: readonly string[];
  readonly checkIn: string;
  readonly checkOut: string;
  readonly photos: readonly string[];
  readonly contact: { name: string; email: string; phone: string };
  readonly seasons: ReadonlyArray<{ name: LocalizedText; from: string; to: string; perNight: number; perWeek: number; minimumNights: number }>;
  readonly fees: { cleaning: number; deposit: number; touristTaxPerPersonNight: number };
  readonly ranges: ReadonlyArray<{ startsInDays: number; nights: number; kind: 'booked' | 'blocked' }>;
}

/** Yearly seasons laid out over this year and the next two, so the calendar's twelve months always have prices. */
function expandSeasons(raw: RawUnit['seasons'], today: IsoDate): Season[] {
  const year = Number(today.slice(0, 4));
  return [year, year + 1, year + 2].flatMap((y) =>
    raw.map((season) => ({
      name: season.name,
      start: `${y}-${season.from}`,
      // A season ending on 01-01 ends on next year's first day.
      end: season.to <= season.from ? `${y + 1}-${season.to}` : `${y}-${season.to}`,
      perNight: season.perNight,
      perWeek: season.perWeek,
      minimumNights: season.minimumNights,
    })),
  );
}

/**
 * Each demo photo's version (its size and modification time): in the photo URLs, so the proxy's year-long cache
 * applies and a redrawn photo gets a new URL.
 */
async function demoPhotoVersions(photosDir: string, files: readonly string[]): Promise<Map<string, string>> {
  const versions = new Map<string, string>();
  for (const file of new Set(files)) {
    const info = await stat(join(photosDir, 'large', file)).catch(() => null);
    if (info) versions.set(file, `${info.size.toString(36)}-${Math.floor(info.mtimeMs / 1000).toString(36)}`);
  }
  return versions;
}

export function mapDemoUnit(raw: RawUnit, today: IsoDate, icalUrl: string | null, photoVersions: ReadonlyMap<string, string> = new Map()): SourcedHolidayUnit {
  const ranges: AvailabilityRange[] = raw.ranges.map((range) => {
    const start = addDays(today, range.startsInDays);
    return { start, end: addDays(start, range.nights), kind: range.kind };
  });
  return {
    unit: {
      id: raw.id,
      name: raw.name,
      description: raw.description,
      houseRules: raw.houseRules,
      region: (REGIONS as readonly string[]).includes(raw.region) ? (raw.region as Region) : 'city',
      address: raw.address,
      guests: raw.guests,
      bedrooms: raw.bedrooms,
      bathrooms: raw.bathrooms,
      beds: raw.beds,
      amenities: raw.amenities.filter((amenity): amenity is Amenity => (AMENITIES as readonly string[]).includes(amenity)),
      checkIn: raw.checkIn,
      checkOut: raw.checkOut,
      photos: raw.photos.map((file) => ({
        large: propertyImageUrl(DEMO_PHOTO_ACCOUNT, 'large', file, photoVersions.get(file)),
        thumb: propertyImageUrl(DEMO_PHOTO_ACCOUNT, 'thumb', file, photoVersions.get(file)),
        alt: raw.name,
      })),
      contact: raw.contact,
      seasons: expandSeasons(raw.seasons, today),
      fees: raw.fees,
      icalUrl,
    },
    ranges,
  };
}

/** The demo catalogue in fixtures/holiday-rental-units.json; iCal feed URLs come from configuration. */
export class FixtureHolidaySource implements HolidaySource {
  constructor(
    private readonly file: string,
    private readonly icalUrls: ReadonlyMap<number, string>,
  ) {}

  async fetchAll(today: IsoDate): Promise<SourcedHolidayUnit[]> {
    const raw = JSON.parse(await readFile(this.file, 'utf8')) as RawUnit[];
    const versions = await demoPhotoVersions(join(dirname(this.file), 'photos'), raw.flatMap((unit) => unit.photos));
    return raw.map((unit) => mapDemoUnit(unit, today, this.icalUrls.get(unit.id) ?? null, versions));
  }
}

export function demoHolidayFile(fixturesDir: string): string {
  return join(fixturesDir, 'holiday-rental-units.json');
}
