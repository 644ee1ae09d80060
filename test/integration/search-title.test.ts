import request from 'supertest';
import { DataSource } from 'typeorm';
import { CatalogueVersionService } from '../../src/estates/persistence/catalogue-version.service.js';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { buildEstate, storeEstates } from '../factories/estate.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Gent with its French and English names: a listing there makes it one of the catalogue's places. */
const GENT = { id: 9000, zip: '9000', name: 'Gent', alias: { fr: 'Gand', en: 'Ghent' }, lat: 51.05, lon: 3.72 };

/**
 * Issue 38: a search by area says so in its title and heading, in the page's language with the place's own name
 * there (Gent is Gand in French, Ghent in English), not only "Te koop".
 */
describe('the title of a search by area', () => {
  let sut: TestApp;
  const page = async (locale: Locale, query: string) => (await request(sut.server).get(`${urlFor('home', locale)}?${query}`).expect(200)).text;

  beforeAll(async () => {
    sut = await startTestApp();
    await storeEstates(sut.app.get(DataSource), [buildEstate({ id: 997_001, sourceId: '997001', reference: 'GT-997001', address: { city: GENT } })]);
    await sut.app.get(CatalogueVersionService).refresh();
  });

  afterAll(async () => {
    await sut?.close();
  });

  it.each([
    ['nl', 'Te koop binnen 10 km van Gent'],
    ['fr', 'À vendre dans un rayon de 10 km autour de Gand'],
    ['en', 'For sale within 10 km of Ghent'],
    ['de', 'Zum Kauf im Umkreis von 10 km um Gent'],
  ] as const)('a radius around a place names the radius and the place (%s)', async (locale, title) => {
    const html = await page(locale, 'transaction=buy&near=Gent&within=10');
    expect(html).toMatch(new RegExp(`<title>${title} \\| [^<]+</title>`));
    expect(html).toContain(`<h1>${title}</h1>`);
  });

  it('a radius around a point and an area drawn on the map are named too', async () => {
    const circle = await page('nl', 'transaction=rent&circle=51.05,3.72,2');
    expect(circle).toContain('<h1>Te huur binnen 2 km van een punt op de kaart</h1>');
    const polygon = await page('fr', 'transaction=buy&headTypes=HOUSE&polygon=51.0,3.6;51.1,3.6;51.1,3.8;51.0,3.8');
    expect(polygon).toContain('<h1>Maisons à vendre dans la zone dessinée sur la carte</h1>');
  });
});
