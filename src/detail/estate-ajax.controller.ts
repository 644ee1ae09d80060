import { Controller, Get, Header, Param } from '@nestjs/common';
import { favoriteToggle } from '../../views/components/favorite-toggle.js';
import { SimilarEstates } from '../../views/fragments/similar-estates.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { fragment, type FragmentView } from '../web/view.js';
import { listingCard } from '../estates/display/estate-card.js';
import { badgeVersion } from '../estates/display/price-history.js';
import type { EstateDisplayModel } from '../estates/display/estate-display.js';
import { CatalogueVersionService } from '../estates/persistence/catalogue-version.service.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { EstateDetailPageModels } from './estate-detail-page.model.js';
import { EstateDetailService } from './estate-detail.service.js';

/** The detail page's ajax endpoints: the similar-estates fragment and the listing's display model as JSON. */
@Controller()
export class EstateAjaxController {
  constructor(
    private readonly details: EstateDetailService,
    private readonly models: EstateDetailPageModels,
    private readonly translations: TranslationService,
    private readonly catalogue: CatalogueVersionService,
  ) {}

  @Get(routerPaths('ajaxSimilarEstates'))
  async similar(@RequestLocale() locale: Locale, @Param('estateId') estateId: string): Promise<FragmentView> {
    const found = await this.details.findOrThrow(estateId);
    const t = this.translations.forLocale(locale);
    const badges = await this.details.badgeRules();
    // Which listings are similar depends on the whole catalogue: its version is part of this fragment's, and so are
    // the cards' badges (their settings and the day).
    return fragment(
      async () => {
        const cards = (await this.details.similar(found)).map((estate) => listingCard(estate, t, badges));
        // The fragment is fetched by the detail page: a heart posted without JavaScript returns there.
        const hearts = { locale, t: t.t, back: found.paths[locale] };
        return SimilarEstates({
          title: t.t('detail.similar.title'),
          cards,
          favorite: (estateId) => favoriteToggle(hearts, estateId),
        });
      },
      { headers: { 'X-Robots-Tag': 'noindex' }, version: `${found.version}.${this.catalogue.current}.${badgeVersion(badges)}`, query: {} },
    );
  }

  @Get(routerPaths('ajaxEstate'))
  @Header('Cache-Control', 'public, max-age=0, must-revalidate, s-maxage=60')
  @Header('X-Robots-Tag', 'noindex')
  async estate(@RequestLocale() locale: Locale, @Param('estateId') estateId: string): Promise<EstateDisplayModel & { path: string }> {
    const found = await this.details.findOrThrow(estateId);
    const model = await this.models.displayModel(found, locale);
    return { ...model, path: found.paths[locale] };
  }
}
