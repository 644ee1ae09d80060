import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Estate } from '../../src/estates/domain/estate.js';
import { encodeFavorites, FAVORITES_COOKIE } from '../../src/favorites/favorites-cookie.js';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { buildEstate, storeEstates } from '../factories/estate.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const UNKNOWN = 987654;

/** Listings of our own, far from the demo catalogue's ids, each with what a test is about. */
const villa = buildEstate({ id: 990601, sourceId: '990601', title: { nl: 'Villa Vergelijk', fr: 'Villa Comparer' }, price: { value: 495_000 }, bedrooms: 4, dimensions: { areaBuild: 280, areaGround: 1200 } });
const flat = buildEstate({
  id: 990602,
  sourceId: '990602',
  headType: 'APARTMENT',
  subType: 'FLAT',
  title: { nl: 'Appartement Vergelijk', fr: 'Appartement Comparer' },
  price: { value: 300_000 },
  bedrooms: 4,
  dimensions: { areaBuild: 90, areaGround: null },
  address: { region: 'BRUSSELS', city: { id: 1000, zip: '1000', name: 'Brussel', alias: { fr: 'Bruxelles' }, lat: 50.85, lon: 4.35 } },
  energy: { energyLabel: 'D', co2: 38 },
});
const cottage = buildEstate({ id: 990603, sourceId: '990603', title: { nl: 'Hoeve Vergelijk' }, price: { value: 350_000 }, bedrooms: 3, address: { region: 'WALLONIA' }, energy: { energyLabel: 'B', epcValue: 120, epcReference: 'CERT-123' } });
/** The price is the agency's secret: "price on request". */
const secret = buildEstate({ id: 990604, sourceId: '990604', title: { nl: 'Kasteel Vergelijk' }, price: { value: 1_234_567, visible: false }, dimensions: { areaBuild: 500 } });
const sold = buildEstate({ id: 990605, sourceId: '990605', title: { nl: 'Verkocht Vergelijk' }, transaction: { statusId: 3, status: 'SOLD', forRent: false } });
const ours: Estate[] = [villa, flat, cottage, secret, sold];

describe('comparing favourites (real app, real database)', () => {
  let sut: TestApp;
  const get = (path: string) => request(sut.server).get(path);
  const compareUrl = (locale: Locale, ids: readonly (number | string)[]) => `${urlFor('favoritesCompare', locale)}?${ids.map((id) => `ids=${id}`).join('&')}`;
  const cookieOf = (favorites: number[]) => `${FAVORITES_COOKIE}=${encodeFavorites(favorites, sut.config.COOKIE_SECRET)}`;
  /** The table's cells of one row, as text. */
  const rowOf = (html: string, key: string) => {
    const row = new RegExp(`<tr class="([^"]+)" data-row="${key}">(.*?)</tr>`).exec(html);
    if (!row) throw new Error(`no row ${key}`);
    const cells = [...row[2]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1]!.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'"));
    return { differs: row[1]!.includes('compare-row--differs'), header: row[2]!.slice(0, row[2]!.indexOf('</th>')), cells };
  };

  beforeAll(async () => {
    sut = await startTestApp();
    await storeEstates(sut.app.get(DataSource), ours);
  });

  afterAll(() => sut?.close());

  it.each([
    [2, [villa.id, flat.id]],
    [3, [villa.id, flat.id, cottage.id]],
    [4, [villa.id, flat.id, cottage.id, secret.id]],
  ])('puts %i listings side by side in an accessible table', async (count, ids) => {
    const response = await get(compareUrl('nl', ids));
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain(`<caption id="compare-caption">Vergelijking van ${count} panden</caption>`);
    expect(html.match(/<th scope="col"/g)).toHaveLength(count);
    expect(html.match(/<th scope="row"/g)).toHaveLength(9);
    // Each column names its listing with a link to its page, in the order of the URL.
    const links = [...html.matchAll(/<a href="([^"]+)" class="compare-table__link">/g)].map((link) => link[1]);
    expect(links.map((link) => Number(/\/nl\/aanbod\/(\d+)\//.exec(link!)?.[1]))).toEqual(ids);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    // A phone shows three side by side; with four the table scrolls sideways, and the page says so (shown on phones only).
    expect(html.includes('<p class="compare-page__hint" aria-hidden="true">Schuif de tabel opzij om alle 4 panden te zien.</p>')).toBe(count === 4);
  });

  it('shows each attribute by the display model, and marks the rows that differ in words', async () => {
    const html = (await get(compareUrl('nl', [villa.id, flat.id, cottage.id]))).text;
    expect(rowOf(html, 'price').cells).toEqual(['€\u00a0495.000,00', '€\u00a0300.000,00', '€\u00a0350.000,00']);
    expect(rowOf(html, 'pricePerSquareMetre').cells).toEqual(['€\u00a01.768,00 per m²', '€\u00a03.333,00 per m²', '€\u00a01.250,00 per m²']);
    expect(rowOf(html, 'livingArea').cells).toEqual(['280 m²', '90 m²', '280 m²']);
    expect(rowOf(html, 'plotArea').cells).toEqual(['1.200 m²', '—niet vermeld', '1.200 m²']);
    expect(rowOf(html, 'energyLabel').cells).toEqual(['EPC C', 'EPB D', 'EPB B']);
    expect(rowOf(html, 'energyScore').cells).toEqual(['245 kWh/m² per jaar', '38 kg/m² per jaar', '120 kWh/m² per jaar']);
    expect(rowOf(html, 'region').cells).toEqual(['Vlaanderen', 'Brussels Hoofdstedelijk Gewest', 'Wallonië']);
    // The estimate for an only own home, said so beside its label: 2 % in Flanders, nothing on the first 200.000 in Brussels.
    const costs = rowOf(html, 'purchaseCost');
    expect(costs.header).toContain('aria-describedby="compare-note-purchaseCost"');
    expect(html).toMatch(/<p id="compare-note-purchaseCost" class="compare-note">.*Schatting als dit uw enige eigen woning wordt/);
    const euros = costs.cells.map((cell) => Number(/^€\u00a0([\d.]+,\d\d)/.exec(cell)![1]!.replace(/\./g, '').replace(',', '.')));
    expect(euros[0]).toBeGreaterThan(495_000 + 9_900);
    expect(euros[1]).toBeGreaterThan(300_000 + 12_500);
    expect(euros[1]).toBeLessThan(300_000 + 37_500);
    // Each estimate links to the listing's own purchase-cost block, where the choices can be changed.
    const linkTo = (id: number) => new RegExp(`<a class="compare-table__more" href="/nl/aanbod/${id}/[^"#]+#purchase-cost">Toelichting<span class="visually-hidden">: [^<]+</span></a>`);
    expect(html).toMatch(linkTo(villa.id));
    expect(html).toMatch(linkTo(flat.id));
    expect(rowOf(html, 'price').differs).toBe(true);
    expect(rowOf(html, 'price').header).toContain('<span class="compare-row__differs">verschilt</span>');
    expect(rowOf(html, 'bedrooms')).toMatchObject({ differs: true, cells: ['4', '4', '3'] });
    // 4 and 4 bedrooms: the same, not marked.
    const same = (await get(compareUrl('nl', [villa.id, flat.id]))).text;
    expect(rowOf(same, 'bedrooms')).toMatchObject({ differs: false, cells: ['4', '4'] });
    expect(rowOf(same, 'bedrooms').header).not.toContain('verschilt');
  });

  it('shows a price on request as such, and computes nothing from the hidden price', async () => {
    const response = await get(compareUrl('nl', [villa.id, secret.id]));
    expect(response.status).toBe(200);
    expect(rowOf(response.text, 'price').cells).toEqual(['€\u00a0495.000,00', 'Prijs op aanvraag']);
    expect(rowOf(response.text, 'pricePerSquareMetre').cells).toEqual(['€\u00a01.768,00 per m²', '—niet vermeld']);
    expect(rowOf(response.text, 'purchaseCost').cells).toEqual([expect.stringMatching(/^€\u00a05\d\d\.\d{3},\d\d Toelichting: Villa Vergelijk$/), '—niet vermeld']);
    expect(response.text).not.toMatch(/1\.234\.567|€\u00a02\.469/);
  });

  it('speaks French on the French path, with the ids kept across the language switch', async () => {
    const response = await get(compareUrl('fr', [villa.id, flat.id]));
    expect(response.status).toBe(200);
    expect(response.text).toContain('<html lang="fr"');
    expect(response.text).toContain('Comparaison de 2 biens');
    expect(rowOf(response.text, 'region').cells).toEqual(['Région flamande', 'Région de Bruxelles-Capitale']);
    expect(rowOf(response.text, 'pricePerSquareMetre').cells[0]).toBe('€\u00a01.768,00 par m²');
    expect(response.text).toContain(`href="${urlFor('favoritesCompare', 'nl')}?ids=${villa.id}&amp;ids=${flat.id}" hrefLang="nl"`);
  });

  it.each([
    ['nl', [villa.id], 'Kies 2 tot 4 panden'],
    ['fr', [villa.id], 'Choisissez 2 à 4 biens'],
    ['nl', [villa.id, flat.id, cottage.id, secret.id, 990606], 'Kies 2 tot 4 panden'],
    ['fr', [villa.id, flat.id, cottage.id, secret.id, 990606], 'Choisissez 2 à 4 biens'],
    ['nl', [villa.id, villa.id], 'Kies 2 tot 4 panden'],
    ['nl', [], 'Kies 2 tot 4 panden'],
  ] as const)('refuses the wrong count in %s (%j) with a localized 400 that leads back to the favourites', async (locale, ids, title) => {
    const response = await get(compareUrl(locale, ids));
    expect(response.status).toBe(400);
    expect(response.text).toContain(title);
    expect(response.text).toContain(`href="${urlFor('favorites', locale)}"`);
    expect(response.text).not.toContain('<table');
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it.each([
    ['an unknown id', [villa.id, UNKNOWN]],
    ['a malformed id', [villa.id, 'abc']],
    ['an id too long for any listing', [villa.id, '99999999999999999999']],
  ])('answers %s with a localized 404, never a 500', async (_label, ids) => {
    const nl = await get(compareUrl('nl', ids));
    expect(nl.status).toBe(404);
    expect(nl.text).toContain('Pand niet beschikbaar');
    const fr = await get(compareUrl('fr', ids));
    expect(fr.status).toBe(404);
    expect(fr.text).toContain('Bien non disponible');
  });

  it('refuses a listing whose status the agency hides, as it would an unknown one', async () => {
    const url = compareUrl('nl', [villa.id, sold.id]);
    expect((await get(url)).status).toBe(200);
    await sut.app.get(SettingsService).set('hiddenStatus', ['SOLD']);
    try {
      const hidden = await get(url);
      expect(hidden.status).toBe(404);
      expect(hidden.text).toContain('Pand niet beschikbaar');
      expect(hidden.text).not.toContain('Verkocht Vergelijk');
    } finally {
      await sut.app.get(SettingsService).set('hiddenStatus', []);
    }
  });

  it('is the same page for everyone: public, with an ETag from the listings and the ids it read', async () => {
    const url = compareUrl('nl', [villa.id, flat.id]);
    const first = await get(url);
    expect(first.headers['cache-control']).toMatch(/public/);
    expect(first.headers.etag).toBeTruthy();
    // Another visitor's favourites, or a tracking parameter, change nothing.
    const withCookie = await get(url).set('Cookie', cookieOf([cottage.id]));
    expect(withCookie.headers.etag).toBe(first.headers.etag);
    expect((await get(`${url}&utm_source=mail`)).headers.etag).toBe(first.headers.etag);
    expect((await get(url).set('If-None-Match', first.headers.etag as string)).status).toBe(304);
    // Other listings, or the same in another order, are another page.
    expect((await get(compareUrl('nl', [flat.id, villa.id]))).headers.etag).not.toBe(first.headers.etag);
  });

  describe('on the favourites page', () => {
    const formOf = (html: string) => /<form id="favorites-compare"[^>]*>/.exec(html)?.[0] ?? null;
    /** The tick boxes that belong to the form (`form` attribute), named `ids` as the query the server reads. */
    const picks = (html: string) =>
      [...html.matchAll(/<input type="checkbox" form="favorites-compare"[^>]*>/g)].map((pick) => {
        expect(pick[0]).toContain('name="ids"');
        return Number(/value="(\d+)"/.exec(pick[0])![1]);
      });

    it('offers a GET form with a tick box per listing still on the site (none for a gone one)', async () => {
      const html = (await get(urlFor('favorites', 'nl')).set('Cookie', cookieOf([villa.id, UNKNOWN, flat.id, cottage.id]))).text;
      const form = formOf(html);
      expect(form).toContain('method="get"');
      expect(form).toContain(`action="${urlFor('favoritesCompare', 'nl')}"`);
      expect(picks(html)).toEqual([villa.id, flat.id, cottage.id]);
      expect(html).toContain('<button type="submit" class="button">Vergelijk de gekozen panden</button>');
    });

    it('without JavaScript, the form as a browser sends it opens the comparison', async () => {
      const html = (await get(urlFor('favorites', 'fr')).set('Cookie', cookieOf([villa.id, flat.id, cottage.id]))).text;
      const action = /action="([^"]+)"/.exec(formOf(html)!)![1]!;
      // The visitor ticks the first and the last.
      const ticked = [picks(html)[0]!, picks(html)[2]!];
      const response = await get(`${action}?${ticked.map((id) => `ids=${id}`).join('&')}`);
      expect(response.status).toBe(200);
      expect(response.text).toContain('Comparaison de 2 biens');
      expect(response.text).toContain('Villa Comparer');
    });

    it('has no comparison form with fewer than two listings to compare', async () => {
      const html = (await get(urlFor('favorites', 'nl')).set('Cookie', cookieOf([villa.id, UNKNOWN]))).text;
      expect(formOf(html)).toBeNull();
      expect(picks(html)).toEqual([]);
    });
  });
});
