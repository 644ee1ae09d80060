import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateBy, type ValidationOptions } from 'class-validator';
import { HEAD_TYPES } from '../estates/domain/estate.js';
import { EPC_LABELS } from '../estates/domain/listing-features.js';
import { parseCircle, parsePolygon, parseRadius } from './search-area.js';

/**
 * The sort orders a visitor can choose; `newest` is the default; `reduced`: the most recent price reduction first;
 * `price-per-m2`: the lowest price per m² of living area first; `area-desc`: the largest living area first;
 * `distance`: the nearest to the centre of a radius first (a search without a radius is in the newest order).
 */
export const SORT_ORDERS = ['newest', 'price-asc', 'price-desc', 'price-per-m2', 'area-desc', 'distance', 'reduced'] as const;
export const SEARCH_TRANSACTIONS = ['buy', 'rent'] as const;

/** Bounds that keep a hand-made URL from asking the database for silly work. */
export const MAX_LOCATIONS = 10;
export const MAX_TYPES = 20;
export const MAX_PAGE = 500;
const MAX_PRICE = 1_000_000_000;
/** An area bound in m² (a plot of 1,000 ha is far beyond any listing). */
const MAX_AREA_M2 = 10_000_000;
/** "New since": the last day, three days, week, two weeks or month. */
export const NEW_SINCE_DAYS = [1, 3, 7, 14, 30] as const;
/** The facades a house can have (2: closed, 3: half-open, 4: open). */
export const FACADES = [2, 3, 4] as const;

/** A query value as Fastify gives it (a string, or an array when repeated) as a list of non-empty strings. */
const list = ({ value }: { value: unknown }): string[] | undefined => {
  const values = (Array.isArray(value) ? value : [value]).filter((item): item is string => typeof item === 'string');
  const items = values.map((item) => item.trim()).filter((item) => item !== '');
  return items.length > 0 ? items : undefined;
};

/** Locations may come as several fields or as one comma-separated text field (the search without JavaScript). */
const locationList = ({ value }: { value: unknown }): string[] | undefined => {
  const items = list({ value })?.flatMap((item) => item.split(/[,;]/)).map((item) => item.trim()).filter((item) => item !== '');
  return items && items.length > 0 ? [...new Set(items)] : undefined;
};

const text = ({ value }: { value: unknown }): string | undefined => {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : undefined;
};

/** A checkbox: `1` (what the form sends), `true` or `on` is set; absent or empty is not; anything else is refused. */
const flag = ({ value }: { value: unknown }): boolean | undefined => {
  const raw = text({ value });
  if (raw === undefined) return undefined;
  return /^(1|true|on)$/i.test(raw) ? true : /^(0|false|off)$/i.test(raw) ? false : (raw as unknown as boolean);
};

/** An EPC label as typed in a URL: `a+`, `A%2B` and `A+` read the same. */
const label = ({ value }: { value: unknown }): string | undefined => text({ value })?.toUpperCase().replace(/\s/g, '');

/** A number field: empty is absent; "250.000" (Belgian grouping) and "250000" read the same. */
const whole = ({ value }: { value: unknown }): number | undefined => {
  const raw = text({ value });
  if (raw === undefined) return undefined;
  const digits = raw.replace(/[\s.€]/g, '');
  return /^\d{1,12}$/.test(digits) ? Number(digits) : Number.NaN;
};

/** A text field that must read as `parse` reads it (the area's fields; messages are i18n keys, area namespace). */
const Reads = (name: string, parse: (value: string) => unknown, options: ValidationOptions) =>
  ValidateBy({ name, validator: { validate: (value: unknown) => typeof value === 'string' && parse(value) !== null } }, options);

/**
 * The search's GET query string. Every field is optional: the home page without a query is the search for
 * everything. A field that does not validate is dropped by parseSearchQuery rather than refused, so an old or
 * hand-edited link still shows results.
 */
export class SearchCriteriaDto {
  @Transform(text)
  @IsOptional()
  @IsIn(SEARCH_TRANSACTIONS)
  transaction?: (typeof SEARCH_TRANSACTIONS)[number];

  @Transform(list)
  @IsOptional()
  @ArrayMaxSize(MAX_TYPES)
  @IsIn(HEAD_TYPES, { each: true })
  headTypes?: string[];

  @Transform(list)
  @IsOptional()
  @ArrayMaxSize(MAX_TYPES)
  @Matches(/^[A-Z][A-Z_]{0,39}$/, { each: true })
  subTypes?: string[];

  @Transform(locationList)
  @IsOptional()
  @ArrayMaxSize(MAX_LOCATIONS)
  @IsString({ each: true })
  @MaxLength(80, { each: true })
  locations?: string[];

  @Transform(whole)
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_PRICE)
  priceMin?: number;

  @Transform(whole)
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_PRICE)
  priceMax?: number;

  @Transform(whole)
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(50)
  bedroomsMin?: number;

  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(40)
  reference?: string;

  /** The smallest living area, in m². */
  @Transform(whole)
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_AREA_M2)
  livingAreaMin?: number;

  /** The smallest plot area, in m². */
  @Transform(whole)
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_AREA_M2)
  plotAreaMin?: number;

  /** The worst EPC label accepted: `C` finds A++ to C (as Belgian portals' "EPC at least C"). */
  @Transform(label)
  @IsOptional()
  @IsIn(EPC_LABELS)
  epc?: string;

  @Transform(flag)
  @IsOptional()
  @IsBoolean()
  garden?: boolean;

  @Transform(flag)
  @IsOptional()
  @IsBoolean()
  terrace?: boolean;

  /** A garage or a parking space. */
  @Transform(flag)
  @IsOptional()
  @IsBoolean()
  parking?: boolean;

  /** At least this many facades (2, 3 or 4). */
  @Transform(whole)
  @IsOptional()
  @IsIn(FACADES)
  facadesMin?: number;

  @Transform(flag)
  @IsOptional()
  @IsBoolean()
  newBuild?: boolean;

  /** Listed in the last N days. */
  @Transform(whole)
  @IsOptional()
  @IsIn(NEW_SINCE_DAYS)
  newSince?: number;

  /** A radius around one of the catalogue's places (a city name in any language). */
  @Transform(text)
  @IsOptional()
  @IsString()
  @MaxLength(80, { message: 'area.errors.place' })
  near?: string;

  /** The radius of `near`, in km. */
  @Transform(text)
  @IsOptional()
  @Reads('isSearchRadius', parseRadius, { message: 'area.errors.radius' })
  within?: string;

  /** `lat,lon,km`: a radius around a point. */
  @Transform(text)
  @IsOptional()
  @MaxLength(80, { message: 'area.errors.circle' })
  @Reads('isSearchCircle', parseCircle, { message: 'area.errors.circle' })
  circle?: string;

  /** `lat,lon;lat,lon;…`: an area drawn on the map. */
  @Transform(text)
  @IsOptional()
  @MaxLength(1600, { message: 'area.errors.polygon' })
  @Reads('isSearchPolygon', parsePolygon, { message: 'area.errors.polygon' })
  polygon?: string;

  @Transform(text)
  @IsOptional()
  @IsIn(SORT_ORDERS)
  sort?: (typeof SORT_ORDERS)[number];

  @Transform(whole)
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE)
  page?: number;
}
