import type { Translator } from '../../i18n/translator.js';
import { type EnumName, ENUM_VALUES, SUB_TYPES } from './enums.js';

function label(t: Translator, key: string): string {
  return t.has(key) ? t.t(key) : '';
}

/**
 * The label of an enumeration value in the translator's locale (falling back to nl, then the first
 * locale that has one). SPEC §3: an unknown value gives an empty label.
 */
export function enumLabel(t: Translator, name: EnumName, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const values = ENUM_VALUES[name] as readonly (string | number)[] | undefined;
  if (!values || !values.includes(value)) return '';
  return label(t, `enums.${name}.${value}`);
}

/** A subtype's label; subtype names are per head type. */
export function subTypeLabel(t: Translator, headType: string, subType: string | null | undefined): string {
  if (!subType) return '';
  const known = (SUB_TYPES as Record<string, readonly string[]>)[headType];
  if (!known || !known.includes(subType)) return '';
  return label(t, `enums.subType.${headType}.${subType}`);
}

/** A room type's label by its id; custom rooms 1..10 use their own name. */
export function roomTypeLabel(t: Translator, typeId: number | null | undefined): string {
  if (typeId === null || typeId === undefined) return '';
  return label(t, `enums.roomType.${typeId}`);
}

/** A country's name; a code we have no label for shows as itself rather than nothing (fallback name). */
export function countryLabel(t: Translator, code: string | null | undefined): string {
  if (!code) return '';
  return enumLabel(t, 'country', code) || (code === 'UNKNOWN' ? '' : code);
}
