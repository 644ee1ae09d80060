import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AppConfig } from '../config/config.js';
import { estatePath } from '../estates/domain/slug.js';
import { visibleListings } from '../estates/domain/visibility.js';
import { EstateRepository } from '../estates/persistence/estate.repository.js';
import { TranslationService } from '../i18n/translation.service.js';
import { LOCALES, type Locale } from '../routing/locales.js';
import { alternates } from '../routing/routes.js';
import { SettingsService } from '../settings/settings.service.js';
import { type LocalizedPage, renderRobots, renderSitemap } from './sitemap.js';

/** Pages listed besides the listings: the site's own screens that are worth finding. */
const STATIC_ROUTES = ['home', 'privacy', 'terms', 'subscribe'] as const;

@Controller()
export class SeoController {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly estates: EstateRepository,
    private readonly settings: SettingsService,
    private readonly translations: TranslationService,
  ) {}

  private get origin(): string {
    return this.config.PUBLIC_BASE_URL.replace(/\/$/, '');
  }

  @Get('/robots.txt')
  robots(@Res() reply: FastifyReply): FastifyReply {
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(renderRobots(this.origin));
  }

  /** Every visible listing and project unit at its canonical URL in the four locales, with hreflang alternates. */
  @Get('/sitemap.xml')
  async sitemap(@Res() reply: FastifyReply): Promise<FastifyReply> {
    const { hiddenStatus } = await this.settings.current();
    const translators = LOCALES.map((locale) => this.translations.forLocale(locale));
    const pathsOf = (build: (locale: Locale, index: number) => string): LocalizedPage =>
      Object.fromEntries(LOCALES.map((locale, index) => [locale, build(locale, index)])) as LocalizedPage;
    const pages: LocalizedPage[] = STATIC_ROUTES.map((route) => alternates(route));
    for (const estate of visibleListings(await this.estates.findAll(), hiddenStatus)) {
      pages.push(pathsOf((_, index) => estatePath(estate, translators[index])));
      for (const unit of estate.children) pages.push(pathsOf((_, index) => estatePath(unit, translators[index], estate)));
    }
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .send(renderSitemap(this.origin, pages));
  }
}
