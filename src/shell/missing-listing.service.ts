import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import slugify from 'slugify';
import { enumLabel } from '../estates/domain/enum-labels.js';
import { EstateRepository } from '../estates/persistence/estate.repository.js';
import type { Translator } from '../i18n/translator.js';
import { LOCALES, type Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';

/** What a listing page that answers 404 still tells about the listing: enough for a search of similar ones. */
export interface MissingListing {
  readonly transaction: 'buy' | 'rent' | null;
  readonly headType: string | null;
  readonly zip: string | null;
  /** "8300 Knokke-Heist" when the listing is still known, the zip alone when only its address says it. */
  readonly place: string | null;
}

/** The longest the error page waits for the listing: an error answers fast, with or without its similar search. */
const LOOKUP_MS = 300;

const SITE_ID = /^[1-9]\d{0,8}$/;
const ZIP = /(?:^|-)(\d{4})-[a-z]/g;
const BUY_STATUSES = ['FOR_SALE', 'SOLD', 'TAKE_OVER', 'TAKEN_OVER'] as const;
const RENT_STATUSES = ['TO_RENT', 'RENTED'] as const;

/** The id and slug of a listing page's path (`/nl/aanbod/<id>/<slug>…`), or null for any other path. */
export function listingPathParts(path: string, locale: Locale): { id: number; slug: string } | null {
  const prefix = urlFor('detailShort', locale, { estateId: 0 }).replace(/0$/, '');
  if (!path.startsWith(prefix)) return null;
  const [id = '', slug = ''] = path.slice(prefix.length).split(/[?#]/)[0]!.split('/');
  return SITE_ID.test(id) ? { id: Number(id), slug: safeDecode(slug) } : null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return '';
  }
}

/**
 * A removed listing's slug still says what and where (estates/domain/slug.ts: "villa-te-koop-in-zeedijk-12-8300-knokke-heist"):
 * its transaction word in the page's language and its four-digit Belgian zip.
 */
export function listingFromSlug(slug: string, t: Translator): MissingListing | null {
  const words = `-${slug}-`;
  const has = (statuses: readonly string[]) => statuses.some((status) => words.includes(`-${slugify(enumLabel(t, 'status', status), { lower: true, strict: true })}-`));
  const transaction = has(BUY_STATUSES) ? 'buy' : has(RENT_STATUSES) ? 'rent' : null;
  const zip = [...slug.matchAll(ZIP)].at(-1)?.[1] ?? null;
  return transaction || zip ? { transaction, headType: null, zip, place: zip } : null;
}

/**
 * For the 404 of a listing page: the listing when the catalogue still holds it (a status the agency hides, a unit
 * of a hidden project), else what its URL's slug says. Never throws and never waits long: a failing or slow
 * database leaves the page without its similar search.
 */
@Injectable()
export class MissingListingService {
  constructor(private readonly estates: EstateRepository) {}

  applies(request: FastifyRequest, locale: Locale): boolean {
    return (request.method === 'GET' || request.method === 'HEAD') && LOCALES.includes(locale) && listingPathParts(request.url, locale) !== null;
  }

  async find(request: FastifyRequest, locale: Locale, t: Translator): Promise<MissingListing | null> {
    const parts = listingPathParts(request.url, locale);
    if (!parts) return null;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), LOOKUP_MS)));
    try {
      const estate = await Promise.race([this.estates.findById(parts.id), late]);
      if (estate) {
        const { zip, name } = estate.address.city;
        return { transaction: estate.transaction.forRent ? 'rent' : 'buy', headType: estate.headType, zip: zip || null, place: [zip, name].filter(Boolean).join(' ') || null };
      }
    } catch {
      // The database is away: the slug may still tell.
    } finally {
      clearTimeout(timer);
    }
    return listingFromSlug(parts.slug, t);
  }
}
