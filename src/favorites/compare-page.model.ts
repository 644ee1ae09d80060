import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ComparePage, type ComparePageModel } from '../../views/pages/compare-page.js';
import { page, type PageView } from '../web/view.js';
import { EstateDetailService, type FoundEstate } from '../detail/estate-detail.service.js';
import { TranslationService } from '../i18n/translation.service.js';
import { LOCALES, type Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { type CompareIds, compareQuery, compareTable, parseCompareIds } from './compare-rows.js';

type Refusal = 'count' | 'unavailable';

/**
 * The id of the purchase-cost block on a sale's detail page (`PURCHASE_COST_ID` of
 * views/pages/estate-detail/purchase-cost-section.tsx): the estimate links there, where the visitor can change the
 * choices it was made with.
 */
const PURCHASE_COST_ANCHOR = 'purchase-cost';

/** The listings a phone shows side by side (compare.css); with more the table scrolls sideways, and the page says so. */
const PHONE_COLUMNS = 3;

/**
 * The comparison of favourites. The listings are named in the URL (not read from the cookie), so a comparison can be
 * shared and is the same page for everyone: cached by the listings' versions and the ids it read.
 */
@Injectable()
export class ComparePageModels {
  constructor(
    private readonly details: EstateDetailService,
    private readonly translations: TranslationService,
  ) {}

  async view(locale: Locale, rawIds: unknown): Promise<PageView<ComparePageModel>> {
    const parsed: CompareIds = parseCompareIds(rawIds);
    if (parsed.kind === 'count') return this.refused(locale, 'count', 400);
    // An id no listing can have is a listing the site does not show.
    if (parsed.kind === 'malformed') return this.refused(locale, 'unavailable', 404);
    const found = await Promise.all(parsed.ids.map((id) => this.details.find(id)));
    // Unknown, hidden by status (settings) or a unit of a hidden project: the same answer, which says nothing of which.
    if (!found.every((listing): listing is FoundEstate => listing !== null)) return this.refused(locale, 'unavailable', 404);
    const query = compareQuery(parsed.ids);
    const paths = Object.fromEntries(LOCALES.map((other) => [other, `${urlFor('favoritesCompare', other)}?${query}`])) as Record<Locale, string>;
    const version = createHash('sha1').update(JSON.stringify(found.map((listing) => listing.version))).digest('base64url');
    return page(ComparePage, () => this.model(locale, found), { route: 'favoritesCompare', paths, indexable: false }, { version, query });
  }

  private model(locale: Locale, found: readonly FoundEstate[]): ComparePageModel {
    const t = this.translations.forLocale(locale);
    const listings = found.map((listing) => ({ estate: listing.estate, path: listing.paths[locale] }));
    return {
      table: compareTable(listings, t, { costBlockAnchor: PURCHASE_COST_ANCHOR }),
      caption: t.t('compare.caption', { count: listings.length }),
      refusal: null,
      favoritesUrl: urlFor('favorites', locale),
      scrollHint: listings.length > PHONE_COLUMNS ? t.t('compare.scrollHint', { count: listings.length }) : null,
    };
  }

  private refused(locale: Locale, reason: Refusal, status: 400 | 404): PageView<ComparePageModel> {
    const t = this.translations.forLocale(locale);
    const model: ComparePageModel = {
      table: null,
      caption: '',
      refusal: { title: t.t(`compare.refused.${reason}.title`), text: t.t(`compare.refused.${reason}.text`) },
      favoritesUrl: urlFor('favorites', locale),
      scrollHint: null,
    };
    return page(ComparePage, model, { route: 'favoritesCompare', indexable: false }, { status });
  }
}
