import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { type FavoritesCompareModel, FavoritesMailForm, type FavoritesMailFormModel, FavoritesPage, type FavoritesPageModel } from '../../views/pages/favorites-page.js';
import { fragment, type FragmentView, page, type PageView } from '../web/view.js';
import { AppConfig } from '../config/config.js';
import type { FormState, FormView } from '../forms/form-view.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { COMPARE_MAX, COMPARE_MIN } from './compare-rows.js';
import { FavoritesService } from './favorites.service.js';

/** The favourites page for this visitor (their cookie): never shared-cached. */
@Injectable()
export class FavoritesPageModels {
  constructor(
    private readonly favorites: FavoritesService,
    private readonly translations: TranslationService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  mailForm(locale: Locale, state?: FormState): FavoritesMailFormModel {
    const t = this.translations.forLocale(locale);
    const value = (name: string) => {
      const typed = state?.values[name];
      return typeof typed === 'string' ? typed : '';
    };
    const error = (name: string) => (state?.errors[name] ? t.t(state.errors[name]!) : undefined);
    return {
      action: urlFor('favoritesMail', locale),
      privacyUrl: urlFor('privacy', locale),
      email: { value: value('email'), error: error('email') },
      consentError: error('privacyConsent'),
      consentChecked: ['on', 'true', '1'].includes(value('privacyConsent')),
      refused: Boolean(state),
      botCheck: this.config.botCheckClient,
    };
  }

  /** The comparison's form, with its status line for each number of ticked listings; none below two listings. */
  compareForm(locale: Locale, listings: number): FavoritesCompareModel | null {
    if (listings < COMPARE_MIN) return null;
    const t = this.translations.forLocale(locale);
    const status = (count: number) =>
      t.t(count < COMPARE_MIN ? 'compare.picker.status.tooFew' : count > COMPARE_MAX ? 'compare.picker.status.tooMany' : 'compare.picker.status.ready', { count });
    return { action: urlFor('favoritesCompare', locale), min: COMPARE_MIN, max: COMPARE_MAX, statusTexts: Array.from({ length: listings + 1 }, (_, count) => status(count)) };
  }

  async view(request: FastifyRequest, locale: Locale, options: { mailed?: boolean; state?: FormState } = {}): Promise<PageView<FavoritesPageModel>> {
    const items = await this.favorites.items(this.favorites.ids(request), locale);
    const model: FavoritesPageModel = {
      items,
      compare: this.compareForm(locale, items.filter((item) => item.card).length),
      searchUrl: urlFor('home', locale),
      mail: this.mailForm(locale, options.state),
      mailed: options.mailed ?? false,
    };
    return page(FavoritesPage, model, { route: 'favorites', indexable: false }, { cache: 'private', ...(options.state ? { status: 422 } : {}) });
  }
}

/** "Mail me my favourites" shown again with its messages. */
@Injectable()
export class FavoritesMailFormView implements FormView {
  constructor(private readonly pages: FavoritesPageModels) {}

  fragment(_request: FastifyRequest, locale: Locale, state: FormState): FragmentView {
    const model = this.pages.mailForm(locale, state);
    return fragment((ctx) => FavoritesMailForm({ ctx, model }), { status: 422, cache: 'no-store' });
  }

  page(request: FastifyRequest, locale: Locale, state: FormState): Promise<PageView<FavoritesPageModel>> {
    return this.pages.view(request, locale, { state });
  }
}
