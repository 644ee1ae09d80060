import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { LOCALES, type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('estate detail page', () => {
  let sut: TestApp;
  let standalone: EstateEntity;
  let project: EstateEntity;
  let unit: EstateEntity;

  beforeAll(async () => {
    sut = await startTestApp();
    const rows = sut.app.get(DataSource).getRepository(EstateEntity);
    standalone = (await rows.findOne({ where: { isProject: false, parentId: IsNull(), status: 'FOR_SALE', headType: 'HOUSE' }, order: { id: 'ASC' } }))!;
    project = (await rows.findOne({ where: { isProject: true }, order: { id: 'ASC' } }))!;
    unit = (await rows.findOne({ where: { parentId: project.id }, order: { id: 'ASC' } }))!;
  });

  afterAll(async () => {
    await sut.close();
  });

  const get = (path: string) => request(sut.server).get(path);

  it.each(LOCALES)('%s: the short path answers 301 to the canonical path with its localized slug', async (locale) => {
    const response = await get(urlFor('detailShort', locale, { estateId: standalone.id }));
    expect(response.status).toBe(301);
    expect(response.headers.location).toMatch(new RegExp(`^/${locale}/[a-z]+/${standalone.id}/[a-z0-9-]+$`));
    const page = await get(response.headers.location);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<html lang="${locale}"`);
  });

  it('a wrong slug answers 301 to the canonical one, keeping the query', async () => {
    const response = await get(`${urlFor('detail', 'nl', { estateId: standalone.id, slug: 'wrong-slug' })}?sent=extra-info`);
    expect(response.status).toBe(301);
    expect(response.headers.location).toMatch(/\?sent=extra-info$/);
    expect(response.headers.location).not.toContain('wrong-slug');
  });

  it('a project unit lives under its project, and its short path redirects there', async () => {
    const response = await get(urlFor('detailShort', 'fr', { estateId: unit.id }));
    expect(response.status).toBe(301);
    expect(response.headers.location).toMatch(new RegExp(`^/fr/offre/${project.id}/[a-z0-9-]+/${unit.id}$`));
    expect((await get(response.headers.location)).status).toBe(200);
  });

  it('a unit under another project is a 404', async () => {
    const response = await get(urlFor('projectUnit', 'nl', { estateId: standalone.id, slug: 'x', entityId: unit.id }));
    expect(response.status).toBe(404);
  });

  it.each([['999999'], ['abc'], ['0']])('unknown id %s gives the localized 404 page', async (id) => {
    const response = await get(`/de/angebot/${id}/x`);
    expect(response.status).toBe(404);
    expect(response.text).toContain('<html lang="de"');
  });

  it('a listing whose status is in settings.hiddenStatus gives the 404 page', async () => {
    const rows = sut.app.get(DataSource).getRepository(EstateEntity);
    const sold = (await rows.findOne({ where: { status: 'SOLD', parentId: IsNull() }, order: { id: 'ASC' } }))!;
    const path = (await get(urlFor('detailShort', 'nl', { estateId: sold.id }))).headers.location;
    expect((await get(path)).status).toBe(200);
    await sut.app.get(SettingsService).set('hiddenStatus', ['SOLD']);
    try {
      expect((await get(path)).status).toBe(404);
      expect((await get(urlFor('detailShort', 'nl', { estateId: sold.id }))).status).toBe(404);
    } finally {
      await sut.app.get(SettingsService).set('hiddenStatus', []);
    }
  });

  it('shows title, price, gallery, tabs, contact block, forms, JSON-LD and hreflang alternates', async () => {
    const location = (await get(urlFor('detailShort', 'nl', { estateId: standalone.id }))).headers.location;
    const html = (await get(location)).text;
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(html).toContain('class="estate-detail__price"');
    expect(html).toContain('data-island="gallery"');
    expect(html).toContain('data-field="general.reference"');
    expect(html).toContain('"@type":"RealEstateListing"');
    expect(html).toContain('property="og:image"');
    expect(html).toContain('action="/nl/ajax/contact-form-handler"');
    expect(html).toContain('action="/nl/ajax/send-to-a-friend"');
    expect(html).toContain(`hx-get="/nl/ajax/similar-estate/${standalone.id}"`);
    for (const locale of ['fr', 'en', 'de', 'x-default']) expect(html).toContain(`hrefLang="${locale}"`);
    expect(html).toMatch(new RegExp(`hrefLang="fr" href="http://immo.test/fr/offre/${standalone.id}/[a-z0-9-]+"`));
  });

  it('a project shows the table of its units with links', async () => {
    const location = (await get(urlFor('detailShort', 'en', { estateId: project.id }))).headers.location;
    const html = (await get(location)).text;
    expect(html).toContain('class="units-table"');
    expect(html).toContain(`/${unit.id}"`);
  });

  it('similar estates come as a fragment of listings of the same head type; an unknown id is a 404', async () => {
    const response = await get(urlFor('ajaxSimilarEstates', 'nl', { estateId: standalone.id })).set('HX-Request', 'true');
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('<html');
    expect(response.text).toContain('class="estate-card"');
    expect((await get(urlFor('ajaxSimilarEstates', 'nl', { estateId: 999999 }))).status).toBe(404);
  });

  it('the estate endpoint answers the display model as JSON', async () => {
    const response = await get(urlFor('ajaxEstate', 'fr', { estateId: standalone.id }));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toMatchObject({ id: standalone.id, tabs: expect.any(Array), path: expect.stringMatching(/^\/fr\/offre\//) });
  });

  it('the sitemap lists listings and units in four locales with alternates; robots.txt points to it', async () => {
    const listings = await get('/sitemaps/listings.xml');
    expect(listings.headers['content-type']).toMatch(/xml/);
    expect(listings.text).toMatch(new RegExp(`<loc>http://immo.test/de/angebot/${standalone.id}/[a-z0-9-]+</loc>`));
    expect(listings.text).toContain('hreflang="x-default"');
    const projects = await get('/sitemaps/projects.xml');
    expect(projects.text).toMatch(new RegExp(`<loc>http://immo.test/nl/aanbod/${project.id}/[a-z0-9-]+/${unit.id}</loc>`));
    const robots = await get('/robots.txt');
    expect(robots.text).toContain('Sitemap: http://immo.test/sitemap.xml');
    expect(robots.text).toContain('Disallow: /fr/ajax/');
  });

  it('serves the listing photos through the property-images proxy', async () => {
    const response = await get('/property-images/1042/thumb/house-01.jpg');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect((await get('/property-images/1042/large/../../etc.jpg')).status).toBe(404);
    expect((await get('/property-images/9999/large/house-01.jpg')).status).toBe(404);
  });
  /**
   * Issue 38: the detail page's facts say each thing once and agree with each other, in every locale. Demo listings
   * (the fixtures): 1001 a Flemish house for sale (availability "unknown" in the CRM, the agency's extra field
   * "Beschikbaar vanaf" 15/01/2027, no electrical certificate known, the CRM's 3 % and deed total beside the
   * calculator, a PDF floor plan), 1002 an apartment with common central air heating and a certificate, 1022 an
   * apartment with a PNG floor plan, 1043 a project with units, 1044 a unit with only common heating.
   */
  describe('facts that agree with each other (issue 38)', () => {
    const pages = new Map<string, string>();
    async function page(id: number, locale: Locale): Promise<string> {
      const key = `${id}:${locale}`;
      if (!pages.has(key)) {
        const location = (await get(urlFor('detailShort', locale, { estateId: id }))).headers.location as string;
        const response = await get(location);
        expect(response.status).toBe(200);
        pages.set(key, response.text);
      }
      return pages.get(key)!;
    }
    /** A feature row's label and text by its code, every time it is on the page. */
    const rows = (html: string, code: string) =>
      [...html.matchAll(new RegExp(`data-field="${code.replace(/\./g, '\\.')}"><dt[^>]*>([^<]*)</dt><dd[^>]*>([^<]*)</dd>`, 'g'))].map((match) => [match[1], match[2]]);
    const features = (html: string) => /<section class="detail-section" aria-labelledby="features-title">.*?<\/dl><\/section><\/section>/s.exec(html)?.[0] ?? '';

    it.each([
      ['nl', 'Beschikbaar', 'vanaf 15/01/2027', 'Beschikbaar vanaf'],
      ['fr', 'Disponible', 'à partir du 15/01/2027', 'Disponible à partir du'],
      ['en', 'Available', 'from 15/01/2027', 'Available from'],
      ['de', 'Verfügbar', 'ab 15/01/2027', 'Verfügbar ab'],
    ] as const)('%s: one availability line, the date when there is one (never “unknown” beside it)', async (locale, label, text, dateLabel) => {
      const html = features(await page(1001, locale));
      expect(rows(html, 'technical.available')).toEqual([[label, text]]);
      expect(html).not.toContain(`>${dateLabel}</dt>`);
      expect(html).not.toContain('data-field="technical.availableDate"');
      // Without a date, the CRM's answer.
      expect(rows(features(await page(1002, locale)), 'technical.available')).toHaveLength(1);
      expect(rows(features(await page(1002, locale)), 'technical.available')[0]![1]).not.toMatch(/\d\d\/\d\d\/\d{4}/);
    });

    it.each([
      ['nl', 'Onbekend', 'Verkregen (Conform)', 'Niet verkregen'],
      ['fr', 'Inconnu', 'Obtenu (Conforme)', 'Non obtenu'],
      ['en', 'Unknown', 'Obtained (Compliant)', 'Not obtained'],
      ['de', 'Unbekannt', 'Erhalten (Konform)', 'Nicht erhalten'],
    ] as const)('%s: the electrical installation is conform or not only by a certificate', async (locale, unknown, obtained, notObtained) => {
      expect(rows(features(await page(1001, locale)), 'technical.certificateElectricity').map((row) => row[1])).toEqual([unknown]);
      expect(rows(features(await page(1002, locale)), 'technical.certificateElectricity').map((row) => row[1])).toEqual([obtained]);
      expect(rows(features(await page(1011, locale)), 'technical.certificateElectricity').map((row) => row[1])).toEqual([notObtained]);
    });

    it.each(LOCALES)('%s: beside the purchase-cost block the CRM’s own duty rate, notary fee and deed total are left out; without the block they stay', async (locale) => {
      const html = await page(1001, locale);
      expect(html).toContain('id="purchase-cost"');
      for (const code of ['financial.registrationPercent', 'financial.registrationCost', 'notary.notarySalery', 'notary.notaryTotal']) expect(html).not.toContain(`data-field="${code}"`);
      // The CRM's figures that the block does not compute stay (cadastral income).
      expect(html).toContain('data-field="ki.indexed"');
      // Price on request: no block, the CRM's own rows are what there is.
      const onRequest = await page(1008, locale);
      expect(onRequest).not.toContain('id="purchase-cost"');
      expect(onRequest).toContain('data-field="financial.registrationPercent"');
    });

    it.each(LOCALES)('%s: a sale with a public price and a living area shows its price per m²; a rent, a sold listing and a project do not', async (locale) => {
      const perArea = (html: string) => /data-price-per-area=""><abbr title="[^"]+">([^<]+)<\/abbr>/.exec(html)?.[1] ?? null;
      // € 665.000 for 244 m².
      expect(perArea(await page(1001, locale))).toBe('€\u00a02.725/m²');
      for (const id of [1003, 1009, 1043]) expect([id, perArea(await page(id, locale))]).toEqual([id, null]);
      // The project's units: € 300.000 for 84 m² (excluding VAT, as their price says).
      const units = /<table class="units-table">.*?<\/table>/s.exec(await page(1043, locale))![0];
      expect(units).toMatch(/<span class="units-table__per-area">€\u00a03\.571\/m² [^<]+<\/span>/);
    });

    it.each(LOCALES)('%s: a floor plan drawn as an image shows inline; a PDF plan its first page (test/integration/plan-previews.test.ts), a PDF brochure its card alone', async (locale) => {
      const imagePlan = /<li class="document-list__item document-list__item--preview" data-document-type="FLOOR_PLAN".*?<\/li>/s.exec(await page(1022, locale))?.[0] ?? '';
      expect(imagePlan).toMatch(/<img src="\/assets\/demo-documents\/floor-plan-apartment-v1\.png" width="1000" height="700" alt="" loading="lazy"/);
      const documents = /<section class="detail-section documents".*?<\/section>/s.exec(await page(1001, locale))![0];
      const brochure = /<li class="document-list__item" data-document-type="BROCHURE".*?<\/li>/s.exec(documents)![0];
      expect(brochure).not.toContain('<img');
      expect(brochure).toContain('data-document-kind="pdf"');
    });

    it.each([
      ['nl', 'Verwarming', 'Centrale luchtverwarming (gemeenschappelijk)', 'Gemeenschappelijk', 'Pellets (individueel)'],
      ['fr', 'Chauffage', 'Air pulsé (collectif)', 'Collectif', 'Pellets (individuel)'],
      ['en', 'Heating', 'Forced-air heating (shared by the building)', 'Shared by the building', 'Pellets (individual)'],
      ['de', 'Heizung', 'Zentrale Luftheizung (Gemeinschaftsanlage)', 'Gemeinschaftsanlage', 'Pellets (Einzelanlage)'],
    ] as const)('%s: a shared heating is said in the heating line, not as “common heating: common”', async (locale, label, shared, sharedOnly, individual) => {
      expect(rows(features(await page(1002, locale)), 'comfort.heating')).toEqual([[label, shared]]);
      expect(rows(features(await page(1044, locale)), 'comfort.heating')).toEqual([[label, sharedOnly]]);
      expect(rows(features(await page(1018, locale)), 'comfort.heating')).toEqual([[label, individual]]);
      for (const id of [1002, 1044, 1018]) expect(await page(id, locale)).not.toContain('data-field="comfort.commonHeating"');
    });
  });
});
