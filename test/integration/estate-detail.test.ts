import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { LOCALES } from '../../src/routing/locales.js';
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
});
