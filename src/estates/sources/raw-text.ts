import type { LocalizedText } from '../../i18n/localized-text.js';
import type { Estate } from '../domain/estate.js';

/** A per-language text as the CRMs send it: { nl, fr, en, de }, any of them missing or empty. */
export type RawText = Partial<Record<'nl' | 'fr' | 'en' | 'de', string | null>> | null | undefined;

/** Keeps the languages that have text; the fallback (nl, then the first available) happens at display time. */
export function localizedText(raw: RawText): LocalizedText {
  const text: LocalizedText = {};
  if (!raw || typeof raw !== 'object') return text;
  for (const locale of ['nl', 'fr', 'en', 'de'] as const) {
    const value = raw[locale];
    if (typeof value === 'string' && value.trim() !== '') text[locale] = value;
  }
  return text;
}

export class InvalidRecordError extends Error {
  override readonly name = 'InvalidRecordError';
}

/** A required field: a record without it cannot be shown and is skipped. */
export function required<T>(value: T | null | undefined, field: string): T {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    throw new InvalidRecordError(`missing ${field}`);
  }
  return value;
}

export function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

export function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;
}

export function boolOrNull(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

/** Both CRMs send extra fields and build technicals in the same shape. */
export function mapExtraFields(
  fields: ReadonlyArray<{ autoid: number; type: string; name?: RawText; value?: string | null; values?: RawText }> | undefined,
): Estate['extraFields'] {
  return (fields ?? []).map((field) => ({
    autoid: field.autoid,
    type: field.type,
    name: localizedText(field.name),
    value: field.value ?? null,
    values: localizedText(field.values),
  }));
}

export function mapBuildTechnicals(items: ReadonlyArray<{ criteria?: RawText; value?: RawText; comment?: RawText }> | undefined): Estate['buildTechnicals'] {
  return (items ?? []).map((item) => ({
    criteria: localizedText(item.criteria),
    value: localizedText(item.value),
    comment: localizedText(item.comment),
  }));
}
