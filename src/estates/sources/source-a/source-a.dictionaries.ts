import type { LocalizedText } from '../../../i18n/localized-text.js';
import { CONDITION, CONSTRUCTION_TYPE, ENVIRONMENT, RECENT_DESTINATION, ROOM_TYPES, SUB_TYPES } from '../../domain/enums.js';
import type { HeadType } from '../../domain/estate.js';
import { InvalidRecordError, localizedText, numberOrNull } from '../raw-text.js';
import type { SourceACity, SourceADictionaryEntry, SourceAOptionItems, ZabunText } from './source-a.types.js';

/*
 * Zabun dictionary ids and the SPEC enum each one means. No public client lists the ids (they only show names), so
 * every table here is UNCONFIRMED except FILE_TYPES (Zabun's published file types) and Belgium's country_geo_id 23: check them against
 * an agency's `GET api/v1/property/option_items` before going live. The dictionary itself decides whether an id
 * exists; these tables only say what it means for the site.
 */

const indexed = <T extends string>(values: readonly T[], first = 1): Readonly<Record<number, T>> =>
  Object.fromEntries(values.map((value, index) => [index + first, value]));

/** head_types (unconfirmed). */
export const HEAD_TYPE_IDS: Readonly<Record<number, HeadType>> = { 1: 'HOUSE', 2: 'APARTMENT', 3: 'PLOT', 4: 'COMMERCIAL', 5: 'GARAGE', 6: 'PROJECT' };

/** types → subtype, numbered through the head types in HEAD_TYPE_IDS order (unconfirmed). */
export const TYPE_IDS: Readonly<Record<number, string>> = indexed(
  (['HOUSE', 'APARTMENT', 'PLOT', 'COMMERCIAL', 'GARAGE', 'PROJECT'] as const).flatMap((head) => SUB_TYPES[head]),
);

/** transactions (unconfirmed). */
export const TRANSACTION_KINDS: Readonly<Record<number, 'SALE' | 'RENT' | 'TAKE_OVER'>> = { 1: 'SALE', 2: 'RENT', 3: 'TAKE_OVER' };

/** status (unconfirmed); PREPARATION and WITHDRAWN are never shown. */
export const STATUS_KINDS: Readonly<Record<number, 'AVAILABLE' | 'OPTION' | 'DONE' | 'PREPARATION' | 'WITHDRAWN'>> = {
  1: 'AVAILABLE',
  2: 'OPTION',
  3: 'DONE',
  4: 'PREPARATION',
  5: 'WITHDRAWN',
};

/** transaction + status → the SPEC §4 status id of source A (source-a.status.ts). */
const SPEC_STATUS_IDS: Readonly<Record<'SALE' | 'RENT' | 'TAKE_OVER', Readonly<Record<'AVAILABLE' | 'OPTION' | 'DONE', number>>>> = {
  SALE: { AVAILABLE: 1, OPTION: 3, DONE: 5 },
  RENT: { AVAILABLE: 2, OPTION: 4, DONE: 6 },
  TAKE_OVER: { AVAILABLE: 7, OPTION: 7, DONE: 9 },
};

export const BUILDING_TYPE_IDS = indexed(CONSTRUCTION_TYPE);
export const CONDITION_IDS = indexed(CONDITION);
/** building_licenses and heritage_inventoried share the planning answers (unconfirmed). */
export const PLANNING_ANSWER_IDS: Readonly<Record<number, string>> = { 1: 'YES', 2: 'NO', 3: 'UNKNOWN', 4: 'PENDING', 5: 'BEFORE_1962' };
export const TOWN_PLANNING_IDS = indexed(RECENT_DESTINATION);
export const ENVIRONMENT_IDS = indexed(ENVIRONMENT);
export const FACILITY_IDS: Readonly<Record<number, string>> = { 1: 'FIBER_INTERNET', 2: 'BICYCLE_STORAGE' };
/** layouts → SPEC §9 room type ids (unconfirmed: taken as the same numbering). Custom rooms (custom_index) keep 0. */
export const LAYOUT_ROOM_TYPES: Readonly<Record<number, number>> = Object.fromEntries(Object.values(ROOM_TYPES).map((id) => [id, id]));
/** files[].type_id (Zabun's published file types): 29 asbestos and 102 water sensitivity have no domain name of their own. */
export const FILE_TYPES: Readonly<Record<number, string>> = { 1: 'FLOOR_PLAN', 2: 'SPECIFICATIONS', 3: 'BROCHURE', 29: 'ASBESTOS_CERTIFICATE', 45: 'EPC_CERTIFICATE', 102: 'WATER_SENSITIVITY' };
export const COUNTRY_GEO_IDS: Readonly<Record<number, string>> = { 23: 'BE' };
export const BELGIUM_GEO_ID = 23;

/** A Zabun text: per language, or a plain string in the language the API was asked for. */
export function zabunText(value: ZabunText, language: string): LocalizedText {
  if (typeof value === 'string') return localizedText({ [language]: value });
  return localizedText(value);
}

export interface SourceAStatus {
  /** SPEC §4 id, or null when the status is one the site never shows. */
  readonly specId: number | null;
  readonly name: string;
}

/**
 * One read of the dictionaries (option_items and the cities of the geo dictionary), refreshed at the start of each
 * sync. A required entry that is missing makes the record invalid, naming the dictionary and the id; an optional one
 * leaves its field null.
 */
export class SourceADictionaries {
  private readonly lists = new Map<string, Map<number, SourceADictionaryEntry>>();
  private readonly citiesById = new Map<number, SourceACity>();

  constructor(
    optionItems: SourceAOptionItems,
    cities: readonly SourceACity[],
    readonly language: string,
  ) {
    for (const [list, entries] of Object.entries(optionItems ?? {})) {
      if (!Array.isArray(entries)) continue;
      const byId = new Map<number, SourceADictionaryEntry>();
      for (const entry of entries) if (typeof entry?.id === 'number') byId.set(entry.id, entry);
      this.lists.set(list, byId);
    }
    for (const city of cities) {
      const id = numberOrNull(city.city_geo_id ?? city.geo_id ?? city.id);
      if (id !== null) this.citiesById.set(id, city);
    }
  }

  entry(list: string, id: number | null | undefined): SourceADictionaryEntry | undefined {
    return id === null || id === undefined ? undefined : this.lists.get(list)?.get(id);
  }

  /** The meaning of a required id: invalid record when the id is absent, not in the dictionary, or has no meaning here. */
  required<T>(list: string, field: string, id: unknown, table: Readonly<Record<number, T>>): { value: T; entry: SourceADictionaryEntry } {
    const key = numberOrNull(id);
    if (key === null) throw new InvalidRecordError(`missing ${field}`);
    const entry = this.entry(list, key);
    if (!entry) throw new InvalidRecordError(`${field} ${key} is not in the ${list} dictionary`);
    const value = table[key];
    if (value === undefined) throw new InvalidRecordError(`${field} ${key} (${this.name(entry)}) of the ${list} dictionary has no meaning on the site`);
    return { value, entry };
  }

  /** The meaning of an optional id, or null when absent, not in the dictionary or not mapped. */
  optional<T>(list: string, id: unknown, table: Readonly<Record<number, T>>): T | null {
    const key = numberOrNull(id);
    if (key === null || !this.entry(list, key)) return null;
    return table[key] ?? null;
  }

  /** The entry's name in the API's language (for messages and logs). */
  name(entry: SourceADictionaryEntry): string {
    const text = zabunText(entry.name, this.language);
    return text[this.language as keyof LocalizedText] ?? Object.values(text)[0] ?? String(entry.id);
  }

  /** The listing's status: transaction and status are both required dictionary entries. */
  status(transactionId: unknown, statusId: unknown): SourceAStatus {
    const transaction = this.required('transactions', 'transaction_id', transactionId, TRANSACTION_KINDS).value;
    const { value: kind, entry } = this.required('status', 'status_id', statusId, STATUS_KINDS);
    const name = this.name(entry);
    if (kind === 'PREPARATION' || kind === 'WITHDRAWN') return { specId: null, name };
    return { specId: SPEC_STATUS_IDS[transaction][kind], name };
  }

  city(id: unknown): SourceACity | undefined {
    const key = numberOrNull(id);
    return key === null ? undefined : this.citiesById.get(key);
  }

  /** Geo ids of the cities a visitor named (a zip or a name in any language), for a search profile. */
  cityIds(locations: readonly string[]): number[] {
    const wanted = new Set(locations.map((location) => location.trim().toLowerCase()).filter(Boolean));
    const ids: number[] = [];
    for (const [id, city] of this.citiesById) {
      const names = [String(city.zip ?? ''), ...Object.values(zabunText(city.name, this.language))].map((name) => String(name).toLowerCase());
      if (names.some((name) => wanted.has(name))) ids.push(id);
    }
    return ids;
  }
}

/** Reverse lookups for a search profile: the ids that mean a domain value. */
export function idsOf<T>(table: Readonly<Record<number, T>>, wanted: readonly T[]): number[] {
  return Object.entries(table)
    .filter(([, value]) => wanted.includes(value))
    .map(([id]) => Number(id));
}
