import type { FastifyRequest } from 'fastify';
import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { EstateRepository } from '../../src/estates/persistence/estate.repository.js';
import { LOCALES, type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { ErrorPagesService } from '../../src/shell/error-pages.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Each link's address as the browser reads it (React writes `&` in attributes as `&amp;`). */
function hrefs(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map(([, href]) => href!.replace(/&amp;/g, '&'));
}

function headingOf(html: string): string {
  return /<h1>([^<]*)<\/h1>/.exec(html)?.[1]?.replace(/&#x27;/g, "'") ?? '';
}

/** The search box of a 404/410: a GET form to the search (the home page) with its place field. */
function searchForm(html: string, locale: Locale): boolean {
  const form = /<form [^>]*class="error-page__form"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) return false;
  const [whole, inside] = form;
  const opening = whole.slice(0, whole.indexOf('>') + 1);
  return opening.includes(`action="${urlFor('home', locale)}"`) && opening.includes('method="get"') && opening.includes('role="search"') && /<input [^>]*name="locations"/.test(inside!);
}

const NOT_FOUND: Record<Locale, string> = { nl: 'Pagina niet gevonden', fr: 'Page introuvable', en: 'Page not found', de: 'Seite nicht gefunden' };
const LISTING_GONE: Record<Locale, string> = {
  nl: 'Dit pand is niet meer beschikbaar',
  fr: "Ce bien n'est plus disponible",
  en: 'This property is no longer available',
  de: 'Diese Immobilie ist nicht mehr verfügbar',
};

/** A removed listing's old address in each language (estates/domain/slug.ts): its transaction word and zip. */
const REMOVED: Record<Locale, { slug: string; transaction: string; zip: string }> = {
  nl: { slug: 'huis-te-koop-in-kerkstraat-12-9000-gent', transaction: 'buy', zip: '9000' },
  fr: { slug: 'appartement-a-louer-a-rue-haute-5-1000-bruxelles', transaction: 'rent', zip: '1000' },
  en: { slug: 'villa-for-sale-in-zeedijk-210-8300-knokke-heist', transaction: 'buy', zip: '8300' },
  de: { slug: 'haus-zu-vermieten-in-hauptstrasse-4-4700-eupen', transaction: 'rent', zip: '4700' },
};

describe('404 and 410 pages offer a way on (issue 38)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(() => sut?.close());

  describe.each(LOCALES)('in %s', (locale) => {
    const home = urlFor('home', locale);

    it('answers an unknown page with the search box and the buy, rent and holiday searches', async () => {
      const response = await request(sut.server).get(`/${locale}/no-such-page`);
      expect(response.status).toBe(404);
      expect(headingOf(response.text)).toBe(NOT_FOUND[locale]);
      expect(searchForm(response.text, locale)).toBe(true);
      expect(hrefs(response.text)).toEqual(expect.arrayContaining([`${home}?transaction=buy`, `${home}?transaction=rent`, urlFor('holidayOverview', locale)]));
      expect(response.text).not.toMatch(/>[^<]*errors\.\w+/);
    });

    it('answers a listing the agency now hides with a search of similar listings: transaction, type and place', async () => {
      const rows = sut.app.get(DataSource).getRepository(EstateEntity);
      const sold = (await rows.findOne({ where: { status: 'SOLD', parentId: IsNull() }, order: { id: 'ASC' } }))!;
      const estate = (await sut.app.get(EstateRepository).findById(sold.id))!;
      const settings = sut.app.get(SettingsService);
      await settings.set('hiddenStatus', ['SOLD']);
      try {
        const response = await request(sut.server).get(urlFor('detail', locale, { estateId: sold.id, slug: 'any-old-slug' }));
        expect(response.status).toBe(404);
        expect(headingOf(response.text)).toBe(LISTING_GONE[locale]);
        const query = new URLSearchParams({ transaction: 'buy', headTypes: estate.headType, locations: estate.address.city.zip }).toString();
        expect(hrefs(response.text)).toContain(`${home}?${query}`);
        // The search reads it: a results page, not a refusal.
        const similar = await request(sut.server).get(`${home}?${query}`);
        expect(similar.status).toBe(200);
        expect(similar.text).toContain(`value="${estate.address.city.zip}"`);
        expect(response.text).toContain(`${estate.address.city.zip} ${estate.address.city.name}`);
        expect(searchForm(response.text, locale)).toBe(true);
      } finally {
        await settings.set('hiddenStatus', []);
      }
    });

    it('answers a removed listing with the similar search its old address still tells (transaction and zip)', async () => {
      const { slug, transaction, zip } = REMOVED[locale];
      const response = await request(sut.server).get(urlFor('detail', locale, { estateId: 87654321, slug }));
      expect(response.status).toBe(404);
      expect(headingOf(response.text)).toBe(LISTING_GONE[locale]);
      expect(hrefs(response.text)).toContain(`${home}?transaction=${transaction}&locations=${zip}`);
      expect(searchForm(response.text, locale)).toBe(true);
    });

    it('renders 410 (gone) in the language of its path, with the search box, never the bad-request page', () => {
      const html = sut.app.get(ErrorPagesService).render({ url: `${home}/gone`, headers: {}, method: 'GET', query: {} } as unknown as FastifyRequest, 410);
      expect(html).toContain(`<html lang="${locale}"`);
      expect(headingOf(html)).not.toBe('');
      expect(html).not.toContain('errors.gone');
      expect(searchForm(html, locale)).toBe(true);
    });
  });

  it('answers a listing path it cannot read (a malformed slug, an id out of range, a long slug) with a 4xx page, never a 500', async () => {
    for (const path of [`${urlFor('detailShort', 'nl', { estateId: 123 })}/%E0%A4%A`, urlFor('detailShort', 'fr', { estateId: 9999999999 }), `${urlFor('detailShort', 'en', { estateId: 5 })}/${'x'.repeat(300)}`]) {
      const response = await request(sut.server).get(path);
      expect({ path, status: response.status < 500 && response.status >= 400, page: response.text.includes('<h1>') }).toEqual({ path, status: true, page: true });
    }
  });
});
