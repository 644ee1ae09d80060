import type { LocalizedText } from '../../../i18n/localized-text.js';
import type { HeadType } from '../../domain/estate.js';
import { InvalidRecordError, localizedText, numberOrNull } from '../raw-text.js';
import {
  HEAD_TYPE_NAMES,
  type NameTable,
  normalName,
  STATUS_NAMES,
  type StatusKind,
  TECHNICAL_DROPDOWN_NAMES,
  TECHNICAL_NAMES,
  type TechnicalField,
  TRANSACTION_NAMES,
  type TransactionKind,
  TYPE_NAMES,
  VIRTUAL_TOUR_NAMES,
} from './source-a.names.js';
import type { SourceACity, SourceADictionaryEntry, SourceAOptionItems, ZabunText } from './source-a.types.js';

/*
 * The account's dictionaries, read at the start of each sync, and what their entries mean for the site. An id is
 * only ever looked up in the dictionary the account answers; its meaning comes from the entry's NAME
 * (source-a.names.ts), never from the id: accounts number their dictionaries differently. Two tables are by id on
 * purpose, as every public client has them: Zabun's published file types (FILE_TYPES) and Belgium's country_geo_id 23.
 */

/** files[].type_id: the file types Zabun publishes (the Airtable sync maps the same ids, 103 and 104 included). */
export const FILE_TYPES: Readonly<Record<number, string>> = {
  1: 'FLOOR_PLAN',
  2: 'SPECIFICATIONS',
  3: 'BROCHURE',
  29: 'ASBESTOS_CERTIFICATE',
  45: 'EPC_CERTIFICATE',
  102: 'WATER_SENSITIVITY',
  103: 'ESTIMATION',
  104: 'ELECTRICAL_INSPECTION',
};
export const COUNTRY_GEO_IDS: Readonly<Record<number, string>> = { 23: 'BE' };
export const BELGIUM_GEO_ID = 23;

/** transaction + status → the SPEC §4 status id of source A (source-a.status.ts). */
const SPEC_STATUS_IDS: Readonly<Record<TransactionKind, Readonly<Record<'AVAILABLE' | 'OPTION' | 'DONE', number>>>> = {
  SALE: { AVAILABLE: 1, OPTION: 3, DONE: 5 },
  RENT: { AVAILABLE: 2, OPTION: 4, DONE: 6 },
  TAKE_OVER: { AVAILABLE: 7, OPTION: 7, DONE: 9 },
};

/** A Zabun text: per language, or a plain string in the language the API was asked for. */
export function zabunText(value: ZabunText, language: string): LocalizedText {
  if (typeof value === 'string') return localizedText({ [language]: value });
  return localizedText(value);
}

/** Every name an entry carries (a string, or one per language). */
export function namesOf(name: unknown): string[] {
  if (typeof name === 'string') return [name];
  if (name && typeof name === 'object') return Object.values(name as Record<string, unknown>).filter((value): value is string => typeof value === 'string');
  return [];
}

/** The meaning of a name in a table, trying each of its languages. */
export function meaningOf<T>(name: unknown, table: NameTable<T>): T | undefined {
  for (const candidate of namesOf(name)) {
    const found = table.get(normalName(candidate));
    if (found !== undefined) return found;
  }
  return undefined;
}

export interface SourceAStatus {
  /** SPEC §4 id, or null when the status is one the site never shows. */
  readonly specId: number | null;
  readonly name: string;
}

/** The dictionaries read besides option_items and the cities (each optional: without one, its fields stay empty). */
export interface SourceAExtraDictionaries {
  /** `GET api/v1/property/technicals`. */
  readonly technicals?: readonly SourceADictionaryEntry[];
  /** `GET api/v1/property/technicals/{id}/dropdowns`, per technical id. */
  readonly technicalDropdowns?: Readonly<Record<number, readonly SourceADictionaryEntry[]>>;
  /** `GET api/v1/property/evaluations`. */
  readonly evaluations?: readonly SourceADictionaryEntry[];
  /** `GET api/v1/property/videos/types`. */
  readonly videoTypes?: readonly SourceADictionaryEntry[];
}

const byId = (entries: readonly SourceADictionaryEntry[] | undefined): Map<number, SourceADictionaryEntry> => {
  const map = new Map<number, SourceADictionaryEntry>();
  for (const entry of Array.isArray(entries) ? entries : []) {
    const id = numberOrNull(entry?.id);
    if (id !== null) map.set(id, entry);
  }
  return map;
};

/** A technical row of a listing, named. */
export interface SourceATechnical {
  readonly name: LocalizedText;
  /** The comfort field it fills, and the SPEC value, when its names are known. */
  readonly field: TechnicalField | null;
  readonly value: string | null;
  readonly dropdown: LocalizedText;
  readonly evaluation: LocalizedText;
}

/**
 * One read of the dictionaries (option_items, the cities of the geo dictionary, technicals and their dropdowns,
 * evaluations, video types). A required entry that is missing or means nothing makes the record invalid, naming the
 * dictionary, the id and its name; an optional one leaves its field null.
 */
export class SourceADictionaries {
  private readonly lists = new Map<string, Map<number, SourceADictionaryEntry>>();
  private readonly citiesById = new Map<number, SourceACity>();
  private readonly technicals: Map<number, SourceADictionaryEntry>;
  private readonly dropdowns = new Map<number, Map<number, SourceADictionaryEntry>>();
  private readonly evaluations: Map<number, SourceADictionaryEntry>;
  private readonly videoTypes: Map<number, SourceADictionaryEntry>;

  constructor(
    optionItems: SourceAOptionItems,
    cities: readonly SourceACity[],
    readonly language: string,
    extra: SourceAExtraDictionaries = {},
  ) {
    for (const [list, entries] of Object.entries(optionItems ?? {})) {
      if (Array.isArray(entries)) this.lists.set(list, byId(entries));
    }
    for (const city of Array.isArray(cities) ? cities : []) {
      const id = numberOrNull(city?.city_geo_id);
      if (id !== null) this.citiesById.set(id, city);
    }
    this.technicals = byId(extra.technicals);
    for (const [id, entries] of Object.entries(extra.technicalDropdowns ?? {})) this.dropdowns.set(Number(id), byId(entries));
    this.evaluations = byId(extra.evaluations);
    this.videoTypes = byId(extra.videoTypes);
  }

  /** The list, also under the plural some clients use (heritage_inventoried / heritage_inventorieds). */
  private list(name: string): Map<number, SourceADictionaryEntry> | undefined {
    return this.lists.get(name) ?? this.lists.get(`${name}s`) ?? (name.endsWith('s') ? this.lists.get(name.slice(0, -1)) : undefined);
  }

  entry(list: string, id: unknown): SourceADictionaryEntry | undefined {
    const key = numberOrNull(id);
    return key === null ? undefined : this.list(list)?.get(key);
  }

  /** The meaning of a required id: invalid record when the id is absent, not in the dictionary, or its name means nothing. */
  required<T>(list: string, field: string, id: unknown, table: NameTable<T>): { value: T; entry: SourceADictionaryEntry } {
    const key = numberOrNull(id);
    if (key === null) throw new InvalidRecordError(`missing ${field}`);
    const entry = this.entry(list, key);
    if (!entry) throw new InvalidRecordError(`${field} ${key} is not in the ${list} dictionary`);
    const value = meaningOf(entry.name, table);
    if (value === undefined) throw new InvalidRecordError(`${field} ${key} ("${this.name(entry)}") of the ${list} dictionary has no meaning on the site`);
    return { value, entry };
  }

  /** The meaning of an optional id, or null when absent, not in the dictionary or its name is not known. */
  optional<T>(list: string, id: unknown, table: NameTable<T>): T | null {
    const entry = this.entry(list, id);
    return entry ? (meaningOf(entry.name, table) ?? null) : null;
  }

  /** An optional id's entry name per language (for fields shown as text), {} when absent. */
  label(list: string, id: unknown): LocalizedText {
    const entry = this.entry(list, id);
    return entry ? zabunText(entry.name, this.language) : {};
  }

  /** The entry's name in the API's language (for messages and logs). */
  name(entry: SourceADictionaryEntry): string {
    const text = zabunText(entry.name, this.language);
    return text[this.language as keyof LocalizedText] ?? Object.values(text)[0] ?? String(entry.id);
  }

  /** A type's head type (through its head_type_id) and subtype, by their names. */
  type(typeId: unknown): { headType: HeadType; subType: string | null } {
    const key = numberOrNull(typeId);
    if (key === null) throw new InvalidRecordError('missing type_id');
    const type = this.entry('types', key);
    if (!type) throw new InvalidRecordError(`type_id ${key} is not in the types dictionary`);
    const headType = this.required('head_types', `head_type_id of type ${key}`, type.head_type_id, HEAD_TYPE_NAMES).value;
    return { headType, subType: meaningOf(type.name, TYPE_NAMES[headType]) ?? null };
  }

  /** The listing's status: transaction and status are both required dictionary entries. */
  status(transactionId: unknown, statusId: unknown): SourceAStatus {
    const transaction = this.required('transactions', 'transaction_id', transactionId, TRANSACTION_NAMES).value;
    const { value: kind, entry } = this.required<StatusKind>('status', 'status_id', statusId, STATUS_NAMES);
    const name = this.name(entry);
    if (kind === 'PREPARATION' || kind === 'WITHDRAWN') return { specId: null, name };
    return { specId: SPEC_STATUS_IDS[transaction][kind], name };
  }

  city(id: unknown): SourceACity | undefined {
    const key = numberOrNull(id);
    return key === null ? undefined : this.citiesById.get(key);
  }

  /** A technicals[] row named through technicals, its dropdowns and evaluations; null when the technical is unknown. */
  technical(row: { technical_id?: unknown; technical_dropdown_id?: unknown; evaluation_id?: unknown }): SourceATechnical | null {
    const technicalId = numberOrNull(row?.technical_id);
    const technical = technicalId === null ? undefined : this.technicals.get(technicalId);
    if (!technical || technicalId === null) return null;
    const field = meaningOf(technical.name, TECHNICAL_NAMES) ?? null;
    const dropdownId = numberOrNull(row.technical_dropdown_id);
    const dropdown = dropdownId === null ? undefined : this.dropdowns.get(technicalId)?.get(dropdownId);
    const evaluationId = numberOrNull(row.evaluation_id);
    const evaluation = evaluationId === null ? undefined : this.evaluations.get(evaluationId);
    return {
      name: zabunText(technical.name, this.language),
      field,
      value: field && dropdown ? (meaningOf(dropdown.name, TECHNICAL_DROPDOWN_NAMES[field]) ?? null) : null,
      dropdown: dropdown ? zabunText(dropdown.name, this.language) : {},
      evaluation: evaluation ? zabunText(evaluation.name, this.language) : {},
    };
  }

  /** Whether a video type (videos/types) is a virtual tour, by its name; false when the type is unknown. */
  isVirtualTour(typeId: unknown): boolean {
    const key = numberOrNull(typeId);
    const type = key === null ? undefined : this.videoTypes.get(key);
    return !!type && namesOf(type.name).some((name) => VIRTUAL_TOUR_NAMES.has(normalName(name)));
  }

  /** The ids of a list whose entries mean one of `wanted` (a search profile in the account's ids). */
  idsMeaning<T>(list: string, table: NameTable<T>, wanted: readonly T[]): number[] {
    return [...(this.list(list) ?? new Map<number, SourceADictionaryEntry>())]
      .filter(([, entry]) => {
        const value = meaningOf(entry.name, table);
        return value !== undefined && wanted.includes(value);
      })
      .map(([id]) => id);
  }

  /** The ids of the types whose subtype is one of `wanted`. */
  typeIds(wanted: readonly string[]): number[] {
    return [...(this.list('types') ?? new Map<number, SourceADictionaryEntry>())]
      .filter(([, type]) => {
        const head = meaningOf(this.entry('head_types', type.head_type_id)?.name, HEAD_TYPE_NAMES);
        const sub = head ? meaningOf(type.name, TYPE_NAMES[head]) : undefined;
        return sub !== undefined && wanted.includes(sub);
      })
      .map(([id]) => id);
  }

  /** Geo ids of the cities a visitor named (a zip, or the city's name or an alias in any language). */
  cityIds(locations: readonly string[]): number[] {
    const wanted = new Set(locations.map((location) => normalName(location)).filter(Boolean));
    const ids: number[] = [];
    for (const [id, city] of this.citiesById) {
      const names = [String(city.zip ?? ''), ...cityNames(city)].map(normalName);
      if (names.some((name) => wanted.has(name))) ids.push(id);
    }
    return ids;
  }
}

/** A geo city's names: `city`, `city_full` and each alias. */
export function cityNames(city: SourceACity): string[] {
  const aliases = Array.isArray(city.alias) ? city.alias.flatMap((alias) => (typeof alias?.alias === 'string' ? [alias.alias] : [])) : [];
  return [city.city, city.city_full, ...aliases].filter((name): name is string => typeof name === 'string' && name.trim() !== '');
}
