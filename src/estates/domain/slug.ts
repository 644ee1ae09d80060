import slugify from 'slugify';
import { pickText } from '../../i18n/localized-text.js';
import type { Translator } from '../../i18n/translator.js';
import { urlFor } from '../../routing/routes.js';
import { enumLabel, subTypeLabel } from './enum-labels.js';
import type { Estate } from './estate.js';

/**
 * What a listing's slug and path are made of: the sitemap reads only these columns of 50,000 listings, not their
 * whole documents.
 */
export type SlugFields = Pick<Estate, 'id' | 'isProject' | 'title' | 'headType' | 'subType'> & {
  readonly transaction: Pick<Estate['transaction'], 'status'>;
  readonly address: Pick<Estate['address'], 'visible' | 'street' | 'number' | 'city'>;
  readonly children?: readonly unknown[];
};

/** "in" before the place, except in French (SPEC §2). */
function placeWord(t: Translator): string {
  return t.locale === 'fr' ? 'a' : 'in';
}

/**
 * The longest slug: the router refuses a path parameter over 100 characters (Fastify's maxParamLength) with 414, and a
 * ~90-character project title or a long street made the listing unreachable from its own card and the sitemap.
 */
export const MAX_SLUG_LENGTH = 80;

/** Lower-cased and URL-safe: accents folded, punctuation dropped, words joined with hyphens. */
function toSlug(parts: ReadonlyArray<string | null | undefined>): string {
  const text = parts.filter((part): part is string => !!part && part.trim() !== '').join(' ');
  return slugify(text, { lower: true, strict: true, trim: true });
}

/** At most `max` characters, cut at the last word boundary (a hyphen) that fits; a single longer word is cut. */
function cutAtWord(slug: string, max: number): string {
  if (slug.length <= max) return slug;
  const boundary = slug.slice(0, max + 1).lastIndexOf('-');
  return (boundary > 0 ? slug.slice(0, boundary) : slug.slice(0, max)).replace(/-+$/, '');
}

/**
 * `fixed` and `place` whole, `long` (a title, a street) shortened at a word boundary so the slug fits in
 * MAX_SLUG_LENGTH: a visitor still reads what and where. Only when even that does not fit is the whole cut.
 */
function fitted(fixed: string, long: string, place: string): string {
  const join = (...parts: string[]) => parts.filter(Boolean).join('-');
  const whole = join(fixed, long, place);
  if (whole.length <= MAX_SLUG_LENGTH) return whole;
  const room = MAX_SLUG_LENGTH - join(fixed, place).length - 1;
  const short = room > 0 ? join(fixed, cutAtWord(long, room), place) : '';
  return short && short.length <= MAX_SLUG_LENGTH ? short : cutAtWord(whole, MAX_SLUG_LENGTH);
}

/** The city's own name in this locale when it has one (Gand, Bruxelles), else its usual name. */
function cityName(estate: SlugFields, t: Translator): string {
  return estate.address.city.alias?.[t.locale]?.trim() || estate.address.city.name;
}

/**
 * Standalone listing: subtype name, transaction name, "in" (fr "a"), street address, zip and city,
 * in the translator's locale (SPEC §2). A hidden address leaves the street out; a long street is shortened.
 */
export function standaloneSlug(estate: SlugFields, t: Translator): string {
  const street = estate.address.visible
    ? [pickText(estate.address.street, t.locale), estate.address.number].filter(Boolean).join(' ')
    : null;
  const what = toSlug([subTypeLabel(t, estate.headType, estate.subType) || enumLabel(t, 'headType', estate.headType), enumLabel(t, 'status', estate.transaction.status), placeWord(t)]);
  return fitted(what, toSlug([street]), toSlug([estate.address.city.zip, cityName(estate, t)]));
}

/** Project: its localized title without quotes and dots (shortened when long), "in" (fr "a"), zip and city (SPEC §2). */
export function projectSlug(estate: SlugFields, t: Translator): string {
  const title = pickText(estate.title, t.locale).replace(/["'“”‘’«».]/g, '');
  return fitted('', toSlug([title]), toSlug([placeWord(t), estate.address.city.zip, cityName(estate, t)]));
}

export function estateSlug(estate: SlugFields, t: Translator): string {
  const slug = estate.isProject ? projectSlug(estate, t) : standaloneSlug(estate, t);
  return slug || String(estate.id);
}

/**
 * A listing's own canonical path: a standalone listing or a project at /<offer>/<id>/<slug>; a unit
 * inside its project at the project's path followed by the unit's id.
 * SPEC §8: a failing slug build is rethrown; for a project the children list is cleared first.
 */
export function estatePath(estate: SlugFields, t: Translator, project?: SlugFields): string {
  if (project) {
    return urlFor('projectUnit', t.locale, {
      estateId: project.id,
      slug: buildSlug(project, t),
      entityId: estate.id,
    });
  }
  return urlFor('detail', t.locale, { estateId: estate.id, slug: buildSlug(estate, t) });
}

/** Builds the slug; on failure a project's (mutable) children list is emptied before the error is rethrown. */
export function buildSlug(estate: SlugFields, t: Translator): string {
  try {
    return estateSlug(estate, t);
  } catch (error) {
    if (estate.isProject && Array.isArray(estate.children)) (estate.children as unknown[]).length = 0;
    throw error;
  }
}
