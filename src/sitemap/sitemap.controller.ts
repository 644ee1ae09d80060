import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { NotFoundError } from '../utils/errors.js';
import { AppConfig } from '../config/config.js';
import { estatePath } from '../estates/domain/slug.js';
import { visibleListings } from '../estates/domain/visibility.js';
import { CatalogueVersionService } from '../estates/persistence/catalogue-version.service.js';
import { EstateRepository, type SitemapListing } from '../estates/persistence/estate.repository.js';
import { HolidayRepository } from '../holiday/persistence/holiday.repository.js';
import { TranslationService } from '../i18n/translation.service.js';
import { LOCALES, type Locale } from '../routing/locales.js';
import { alternates } from '../routing/routes.js';
import { searchHref } from '../search/search-page.model.js';
import { SearchService } from '../search/search.service.js';
import { SettingsService } from '../settings/settings.service.js';
import {
  latest,
  type LocalizedPage,
  parseSitemapFile,
  partsOf,
  renderRobots,
  renderSitemap,
  renderSitemapIndex,
  SITEMAP_INDEX_PATH,
  SITEMAP_NAMES,
  type SitemapName,
} from './sitemap.js';

/**
 * The site's own screens worth finding besides listings and holiday units (`subscribe` is "keep me informed").
 * Favourites, cancellations and token pages are noindex: not here.
 */
const STATIC_ROUTES = ['home', 'holidayOverview', 'contact', 'privacy', 'terms', 'subscribe'] as const;

/** Pages that change only with a release: their lastmod is when this release started. */
const STARTED_AT = new Date().toISOString();

const XML = 'application/xml; charset=utf-8';

@Controller()
export class SitemapController {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly estates: EstateRepository,
    private readonly holiday: HolidayRepository,
    private readonly settings: SettingsService,
    private readonly search: SearchService,
    private readonly translations: TranslationService,
    private readonly catalogueVersion: CatalogueVersionService,
  ) {}

  private cached: { readonly version: string; readonly listings: Promise<SitemapListing[]> } | null = null;

  private get origin(): string {
    return this.config.PUBLIC_BASE_URL.replace(/\/$/, '');
  }

  @Get('/robots.txt')
  robots(@Res() reply: FastifyReply): FastifyReply {
    return reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(renderRobots(this.origin));
  }

  /** The index of the sitemaps below (each in parts of PAGES_PER_SITEMAP pages), each with the lastmod of its newest page. */
  @Get(SITEMAP_INDEX_PATH)
  async index(@Res() reply: FastifyReply): Promise<FastifyReply> {
    const all = await this.allPages();
    const xml = await renderSitemapIndex(
      this.origin,
      SITEMAP_NAMES.flatMap((name) => partsOf(all[name]).map((pages, index) => ({ part: { name, index }, lastmod: latest(pages.map((page) => page.lastmod)) }))),
    );
    return reply.type(XML).header('Cache-Control', 'public, max-age=3600').send(xml);
  }

  /** A part of the listings, projects with their units, holiday units, or the site's pages: every locale with hreflang alternates. */
  @Get('/sitemaps/:file')
  async sitemap(@Param('file') file: string, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const part = parseSitemapFile(file);
    if (!part) throw new NotFoundError();
    const pages = partsOf((await this.allPages())[part.name])[part.index];
    if (!pages) throw new NotFoundError();
    const xml = await renderSitemap(this.origin, pages.map((page) => ({ paths: page.paths(), lastmod: page.lastmod })));
    return reply.type(XML).header('Cache-Control', 'public, max-age=3600').send(xml);
  }

  /**
   * The listings as the sitemap reads them, kept for the catalogue's version: a crawler asks for the index and a dozen
   * parts in a row, and reading 50,000 listings' documents takes seconds (on the embedded database tens of them).
   */
  private catalogue(): Promise<SitemapListing[]> {
    const version = this.catalogueVersion.current;
    if (this.cached?.version !== version) {
      const listings = this.estates.findForSitemap();
      this.cached = { version, listings };
      // A failed read is not kept.
      listings.catch(() => {
        if (this.cached?.listings === listings) this.cached = null;
      });
    }
    return this.cached.listings;
  }

  /**
   * Every page of every sitemap with its lastmod, and its paths to be built when its part is asked: the index needs no
   * path, a part only its own (slugs in four locales for 50,000 listings are most of the work).
   */
  private async allPages(): Promise<Record<SitemapName, LazyPage[]>> {
    const { hiddenStatus } = await this.settings.current();
    const translators = LOCALES.map((locale) => this.translations.forLocale(locale));
    const pathsOf = (build: (locale: Locale, index: number) => string) => (): LocalizedPage =>
      Object.fromEntries(LOCALES.map((locale, index) => [locale, build(locale, index)])) as LocalizedPage;
    const listings: LazyPage[] = [];
    const projects: LazyPage[] = [];
    for (const estate of visibleListings(await this.catalogue(), hiddenStatus)) {
      const page = { paths: pathsOf((_, index) => estatePath(estate, translators[index])), lastmod: lastmodOf(estate) };
      if (estate.isProject || estate.children.length > 0) {
        projects.push(page);
        for (const unit of estate.children) projects.push({ paths: pathsOf((_, index) => estatePath(unit, translators[index], estate)), lastmod: lastmodOf(unit) });
      } else {
        listings.push(page);
      }
    }
    const holiday = (await this.holiday.findAll()).map(({ unit, updatedAt }) => ({
      paths: () => alternates('holiday', { rentalUnitId: unit.id }),
      lastmod: updatedAt.toISOString(),
    }));
    // The indexed landing searches (type, transaction, city) change with the listings they show.
    const newestListing = latest([...listings, ...projects].map((page) => page.lastmod)) ?? STARTED_AT;
    const landing = (await this.search.landingPages()).map((page) => ({ paths: pathsOf((locale) => searchHref(locale, page.query)), lastmod: newestListing }));
    const pages = [...STATIC_ROUTES.map((route) => ({ paths: () => alternates(route), lastmod: STARTED_AT })), ...landing];
    return { listings, projects, holiday, pages };
  }
}

/** A sitemap page whose paths are built on demand. */
interface LazyPage {
  readonly paths: () => LocalizedPage;
  readonly lastmod?: string;
}

function lastmodOf(estate: SitemapListing): string | undefined {
  const time = Date.parse(estate.updatedAt);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
