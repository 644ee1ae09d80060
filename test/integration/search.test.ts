import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Estate } from '../../src/estates/domain/estate.js';
import { CatalogueVersionService } from '../../src/estates/persistence/catalogue-version.service.js';
import { urlFor } from '../../src/routing/routes.js';
import { SEARCH_PAGE_SIZE } from '../../src/search/search.service.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { buildEstate, storeEstates } from '../factories/estate.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Test listings live in their own town, so the demo catalogue never interferes with what a filter finds. */
const TOWN = { id: 9991, zip: '9991', name: 'Zoekegem', alias: { fr: 'Chercheville', de: 'Suchdorf' }, lat: 50.9, lon: 4.1 };
const OTHER_TOWN = { id: 9992, zip: '9992', name: 'Vindegem', alias: {}, lat: 50.95, lon: 4.2 };
const IN_TOWN = `locations=${TOWN.zip}`;

let nextId = 995_000;
function listing(overrides: Parameters<typeof buildEstate>[0] = {}): Estate {
  const id = nextId++;
  return buildEstate({
    id,
    sourceId: String(id),
    reference: `ZK-${id}`,
    address: { city: TOWN, geoLocation: { lat: TOWN.lat + (id % 100) / 1000, lon: TOWN.lon } },
    updatedAt: new Date(Date.UTC(2026, 0, 1) + (id - 995_000) * 60_000).toISOString(),
    ...overrides,
  });
}

const villa = listing({ headType: 'HOUSE', subType: 'VILLA', price: { value: 650_000 }, bedrooms: 4 });
const townhouse = listing({ headType: 'HOUSE', subType: 'TOWNHOUSE', price: { value: 320_000 }, bedrooms: 3 });
const flatForRent = listing({
  headType: 'APARTMENT',
  subType: 'FLAT',
  transaction: { statusId: 2, status: 'TO_RENT', forRent: true },
  price: { value: 950, period: 'MONTH' },
  bedrooms: 1,
});
const sold = listing({ headType: 'HOUSE', subType: 'VILLA', transaction: { statusId: 5, status: 'SOLD', forRent: false }, price: { value: 500_000 }, bedrooms: 3 });
/** "Price on request": the agency hides the price the CRM still sends (demo listing 1030 asks € 660.000). */
const QUIET_TOWN = { id: 9993, zip: '9993', name: 'Stilgem', alias: {}, lat: 50.97, lon: 4.3 };
const onRequest = listing({ headType: 'HOUSE', price: { value: 660_000, visible: false }, bedrooms: 4, address: { city: QUIET_TOWN } });
const quietCheap = listing({ headType: 'HOUSE', price: { value: 300_000 }, bedrooms: 2, address: { city: QUIET_TOWN } });
const quietDear = listing({ headType: 'HOUSE', price: { value: 700_000 }, bedrooms: 4, address: { city: QUIET_TOWN } });
const plotElsewhere = listing({ headType: 'PLOT', subType: 'BUILDING_PLOT', price: { value: 120_000 }, bedrooms: null, address: { city: OTHER_TOWN } });
const abroad = listing({ address: { city: { id: 59000, zip: '59000', name: 'Lille', alias: { nl: 'Rijsel' }, lat: 50.63, lon: 3.06 }, country: 'FR' } });
const projectId = nextId++;
const project = buildEstate({
  id: projectId,
  sourceId: String(projectId),
  isProject: true,
  headType: 'PROJECT',
  subType: 'NEW_BUILD_PROJECT',
  reference: 'ZK-PROJECT',
  title: { nl: 'Residentie Zoekzicht' },
  price: { value: null, priceFrom: 200_000 },
  bedrooms: null,
  address: { city: TOWN, geoLocation: { lat: TOWN.lat, lon: TOWN.lon + 0.01 } },
  updatedAt: new Date(Date.UTC(2025, 0, 1)).toISOString(),
  children: [0, 1, 2].map((index) =>
    buildEstate({
      id: projectId + 1 + index,
      sourceId: String(projectId + 1 + index),
      parentId: projectId,
      headType: 'APARTMENT',
      subType: index === 2 ? 'PENTHOUSE' : 'FLAT',
      reference: `ZK-UNIT-${index}`,
      price: { value: [210_000, 280_000, 540_000][index] },
      bedrooms: [1, 2, 3][index],
      address: { city: TOWN },
    }),
  ),
});
nextId = projectId + 10;

const TOWN_LISTINGS = [villa, townhouse, flatForRent, sold, project];

describe('search (real app, real database)', () => {
  let sut: TestApp;
  const get = (path: string) => request(sut.server).get(path);
  const search = (query: string, locale: 'nl' | 'fr' | 'en' | 'de' = 'nl') => get(`${urlFor('home', locale)}?${query}`);
  /** The listing ids of a results page, in order. */
  const ids = (html: string) => [...html.matchAll(/data-estate-id="(\d+)"/g)].map((match) => Number(match[1]));
  const total = (html: string) => Number(/data-total="(\d+)"/.exec(html)?.[1]);
  const catalogueChanged = () => sut.app.get(CatalogueVersionService).refresh();

  beforeAll(async () => {
    sut = await startTestApp();
    await storeEstates(sut.app.get(DataSource), [...TOWN_LISTINGS, plotElsewhere, abroad, onRequest, quietCheap, quietDear]);
    await catalogueChanged();
  });

  afterAll(async () => {
    await sut.close();
  });

  it('shows the search with every visible listing on the home page', async () => {
    const response = await get(urlFor('home', 'nl')).expect(200);
    expect(response.text).toContain('<form id="search-form"');
    expect(response.text).toContain('role="search"');
    expect(total(response.text)).toBeGreaterThan(TOWN_LISTINGS.length);
  });

  it('filters by location: a zip, or a city name in any language, accents and case aside', async () => {
    // A search is to buy unless it says to rent.
    const visible = TOWN_LISTINGS.filter((estate) => estate !== sold && estate !== flatForRent).map((estate) => estate.id).sort();
    expect(ids((await search(IN_TOWN)).text).sort()).toEqual(visible);
    expect(ids((await search('locations=zoekegem')).text).sort()).toEqual(visible);
    expect(ids((await search('locations=CHERCHEVILLE')).text).sort()).toEqual(visible);
    expect(ids((await search(`locations=${TOWN.zip}, ${OTHER_TOWN.name}`)).text)).toContain(plotElsewhere.id);
    expect(total((await search('locations=Nergensdorp')).text)).toBe(0);
  });

  describe('to buy or to rent', () => {
    it('searches to buy by default, so a price order never starts with monthly rents', async () => {
      const cheapestFirst = ids((await search(`${IN_TOWN}&sort=price-asc`)).text);
      expect(cheapestFirst).not.toContain(flatForRent.id);
      expect(cheapestFirst[0]).toBe(project.id);
      expect(ids((await get(urlFor('home', 'nl'))).text)).not.toContain(flatForRent.id);
    });

    it('keeps the choice in every URL of the page: form, languages, map, keep-me-informed', async () => {
      const html = (await search(`${IN_TOWN}&transaction=rent&sort=price-desc`)).text;
      expect(html).toMatch(/<input type="radio" name="transaction" checked="" value="rent"\/>/);
      expect(html).toContain(`href="/fr?transaction=rent&amp;locations=${TOWN.zip}&amp;sort=price-desc"`);
      expect(html).toContain(`/nl/ajax/search-map?transaction=rent&amp;locations=${TOWN.zip}&amp;sort=price-desc`);
      const empty = (await search(`transaction=rent&${IN_TOWN}&headTypes=PLOT`)).text;
      expect(empty).toContain(`href="${urlFor('subscribe', 'nl')}?transaction=rent&amp;headTypes=PLOT&amp;locations=${TOWN.zip}"`);
    });
  });

  it('filters by transaction', async () => {
    expect(ids((await search(`${IN_TOWN}&transaction=rent`)).text)).toEqual([flatForRent.id]);
    expect(ids((await search(`${IN_TOWN}&transaction=buy`)).text)).not.toContain(flatForRent.id);
  });

  it('filters by head type and sub type', async () => {
    expect(ids((await search(`${IN_TOWN}&headTypes=HOUSE`)).text).sort()).toEqual([villa.id, townhouse.id].sort());
    expect(ids((await search(`${IN_TOWN}&headTypes=HOUSE&subTypes=VILLA`)).text)).toEqual([villa.id]);
  });

  it('filters by price range and minimum bedrooms', async () => {
    expect(ids((await search(`${IN_TOWN}&headTypes=HOUSE&priceMin=300000&priceMax=400000`)).text)).toEqual([townhouse.id]);
    expect(ids((await search(`${IN_TOWN}&headTypes=HOUSE&bedroomsMin=4`)).text)).toEqual([villa.id]);
  });

  it('finds a reference by its beginning, case aside', async () => {
    expect(ids((await search(`reference=zk-${villa.id}`)).text)).toEqual([villa.id]);
  });

  it('combines filters', async () => {
    expect(ids((await search(`locations=Suchdorf&transaction=buy&headTypes=HOUSE&priceMax=700000&bedroomsMin=3&sort=price-asc`)).text)).toEqual([
      townhouse.id,
      villa.id,
    ]);
  });

  it('sorts by newest, price up and price down', async () => {
    const houses = `${IN_TOWN}&transaction=buy&headTypes=HOUSE`;
    expect(ids((await search(houses)).text)).toEqual([townhouse.id, villa.id]);
    expect(ids((await search(`${houses}&sort=price-asc`)).text)).toEqual([townhouse.id, villa.id]);
    expect(ids((await search(`${houses}&sort=price-desc`)).text)).toEqual([villa.id, townhouse.id]);
  });

  describe('a listing whose price is on request', () => {
    const IN_QUIET_TOWN = `locations=${QUIET_TOWN.zip}&transaction=buy`;

    it('is never found by a price bound, whatever its hidden price', async () => {
      expect(ids((await search(`${IN_QUIET_TOWN}&priceMin=650000&priceMax=670000`)).text)).toEqual([]);
      expect(ids((await search(`${IN_QUIET_TOWN}&priceMin=600000`)).text)).toEqual([quietDear.id]);
      expect(ids((await search(`${IN_QUIET_TOWN}&priceMax=690000`)).text)).toEqual([quietCheap.id]);
    });

    it('is still found by a search without a price bound', async () => {
      expect(ids((await search(`${IN_QUIET_TOWN}&bedroomsMin=4`)).text).sort()).toEqual([onRequest.id, quietDear.id].sort());
    });

    it('sorts after every priced listing in both price orders', async () => {
      expect(ids((await search(`${IN_QUIET_TOWN}&sort=price-asc`)).text)).toEqual([quietCheap.id, quietDear.id, onRequest.id]);
      expect(ids((await search(`${IN_QUIET_TOWN}&sort=price-desc`)).text)).toEqual([quietDear.id, quietCheap.id, onRequest.id]);
    });

    it('gives its price away neither in the results, its page (JSON-LD, share tags), its JSON nor its similar estates', async () => {
      const paths = [
        `${urlFor('home', 'nl')}?${IN_QUIET_TOWN}`,
        `/nl/aanbod/${onRequest.id}`,
        urlFor('ajaxEstate', 'nl', { estateId: onRequest.id }),
        urlFor('ajaxSimilarEstates', 'nl', { estateId: onRequest.id }),
      ];
      for (const path of paths) {
        const response = await get(path).redirects(2).expect(200);
        expect(response.text).not.toMatch(/660[.,]?000/);
      }
    });
  });

  describe('a project', () => {
    it('is one card with its available units and their price range; its units are no results of their own', async () => {
      const html = (await search(IN_TOWN)).text;
      expect(ids(html).filter((id) => id === project.id)).toHaveLength(1);
      for (const unit of project.children) expect(ids(html)).not.toContain(unit.id);
      expect(html).toContain('3 units beschikbaar');
      expect(html).toContain('€\u00a0210.000,00 – €\u00a0540.000,00');
    });

    it('is found through a unit that answers the filters', async () => {
      expect(ids((await search(`${IN_TOWN}&headTypes=APARTMENT&bedroomsMin=3&transaction=buy`)).text)).toEqual([project.id]);
      expect(ids((await search(`${IN_TOWN}&headTypes=APARTMENT&bedroomsMin=3&priceMax=300000`)).text)).toEqual([]);
      expect(ids((await search('reference=zk-unit-2')).text)).toEqual([project.id]);
    });
  });

  describe('pagination', () => {
    const many = Array.from({ length: SEARCH_PAGE_SIZE + 3 }, (_, index) =>
      listing({ headType: 'GARAGE', subType: 'GARAGE_BOX', price: { value: 10_000 + index * 1_000 }, bedrooms: null, address: { city: OTHER_TOWN } }),
    );

    beforeAll(async () => {
      await storeEstates(sut.app.get(DataSource), many);
      await catalogueChanged();
    });

    it('splits the results in pages with page links, rel=next/prev and the count', async () => {
      const query = `transaction=buy&headTypes=GARAGE&locations=${OTHER_TOWN.zip}&sort=price-asc`;
      const first = (await search(query)).text;
      expect(total(first)).toBe(many.length);
      expect(first).toContain(`${many.length} panden gevonden`);
      expect(ids(first)).toEqual(many.slice(0, SEARCH_PAGE_SIZE).map((estate) => estate.id));
      expect(first).toContain(`<link rel="next" href="/nl?${query.replace(/&/g, '&amp;')}&amp;page=2"/>`);
      expect(first).not.toContain('rel="prev"');
      const second = (await search(`${query}&page=2`)).text;
      expect(ids(second)).toEqual(many.slice(SEARCH_PAGE_SIZE).map((estate) => estate.id));
      expect(second).toContain(`<link rel="prev" href="/nl?${query.replace(/&/g, '&amp;')}"/>`);
      expect(second).toContain('aria-current="page"');
    });
  });

  describe('hidden statuses and sold listings', () => {
    const settings = () => sut.app.get(SettingsService);

    afterEach(async () => {
      await settings().set('hiddenStatus', []);
      await settings().set('showUnavailable', false);
    });

    it('never shows a listing whose status is hidden', async () => {
      await settings().set('hiddenStatus', ['TO_RENT']);
      expect(ids((await search(IN_TOWN)).text)).not.toContain(flatForRent.id);
      const markers = (await get(`${urlFor('ajaxSearchMap', 'nl')}?${IN_TOWN}`).expect(200)).body as Array<{ id: number }>;
      expect(markers.map((marker) => marker.id)).not.toContain(flatForRent.id);
    });

    it('shows sold listings only when the setting says so, and then last', async () => {
      expect(ids((await search(IN_TOWN)).text)).not.toContain(sold.id);
      await settings().set('showUnavailable', true);
      const found = ids((await search(`${IN_TOWN}&sort=price-asc`)).text);
      expect(found.at(-1)).toBe(sold.id);
      expect(found).toHaveLength(TOWN_LISTINGS.filter((estate) => !estate.transaction.forRent).length);
    });

    it('keeps sold listings hidden when their status is hidden, even with the setting on', async () => {
      await settings().set('showUnavailable', true);
      await settings().set('hiddenStatus', ['SOLD']);
      expect(ids((await search(IN_TOWN)).text)).not.toContain(sold.id);
    });
  });

  it('says so when nothing matches, suggests a wider search and offers to be kept informed of exactly this search', async () => {
    const response = await search(`${IN_TOWN}&headTypes=COMMERCIAL&priceMax=100000&page=1`, 'fr');
    expect(total(response.text)).toBe(0);
    expect(response.text).toContain('Élargissez votre recherche');
    expect(response.text).toContain(`href="${urlFor('subscribe', 'fr')}?transaction=buy&amp;headTypes=COMMERCIAL&amp;locations=${TOWN.zip}&amp;priceMax=100000"`);
  });

  it('gives htmx the results fragment of the same URL, with the criteria-dependent form parts out of band', async () => {
    const response = await search(`${IN_TOWN}&headTypes=HOUSE`).set('HX-Request', 'true').expect(200);
    expect(response.text).toMatch(/^<section id="search-results"/);
    expect(response.text).not.toContain('<html');
    expect(response.text).toContain('<div id="search-subtypes" class="search-form__subtypes" hx-swap-oob="true">');
    expect(ids(response.text).sort()).toEqual([villa.id, townhouse.id].sort());
    expect(response.headers.vary).toContain('HX-Request');
  });

  it('gives the whole page to htmx restoring history after a cache miss', async () => {
    const response = await search(IN_TOWN).set('HX-Request', 'true').set('HX-History-Restore-Request', 'true').expect(200);
    expect(response.text).toContain('<html');
  });

  it('answers 304 to a repeated search until the catalogue changes', async () => {
    const first = await search(`${IN_TOWN}&headTypes=HOUSE`).expect(200);
    await search(`${IN_TOWN}&headTypes=HOUSE`).set('If-None-Match', first.headers.etag!).expect(304);
  });

  describe('search engines', () => {
    it('gives the home page its own title, description and ItemList of the first results', async () => {
      const html = (await get(urlFor('home', 'fr')).expect(200)).text;
      expect(html).toContain('<title>Maisons et appartements à vendre et à louer en Belgique |');
      expect(html).toContain('<meta name="description" content="Parcourez nos maisons');
      expect(html).toContain('<link rel="canonical" href="http://immo.test/fr"/>');
      // The layout also carries the agency's RealEstateAgent block: find the page's own ItemList.
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1]!) as { '@type': string });
      const jsonLd = blocks.find((block) => block['@type'] === 'ItemList');
      expect(jsonLd).toMatchObject({ '@type': 'ItemList', itemListElement: expect.arrayContaining([expect.objectContaining({ position: 1, url: expect.stringMatching(/^http:\/\/immo\.test\/fr\/offre\//) })]) });
    });

    it('names a filtered search in its title and heading, in the page’s language', async () => {
      const nl = (await search('transaction=buy&locations=Zoekegem')).text;
      expect(nl).toContain('<title>Te koop in Zoekegem | Immo Vastgoed</title>');
      expect(nl).toContain('<h1>Te koop in Zoekegem</h1>');
      const fr = (await search('transaction=rent&headTypes=APARTMENT&locations=Zoekegem', 'fr')).text;
      expect(fr).toContain('<title>Appartements à louer à Chercheville | Immo Vastgoed</title>');
      const paged = (await search(`transaction=buy&headTypes=GARAGE&locations=${OTHER_TOWN.zip}&page=2`)).text;
      expect(paged).toMatch(/<title>Garages te koop in [^<]+ \(pagina 2\) \| Immo Vastgoed<\/title>/);
    });

    it('marks filtered and paginated searches noindex, follow', async () => {
      for (const query of [`${IN_TOWN}&headTypes=HOUSE`, 'page=2', 'sort=price-asc']) {
        const html = (await search(query)).text;
        expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
        expect(html).not.toContain('rel="canonical"');
      }
    });

    it('indexes the landing searches linked from the home page', async () => {
      const home = (await get(urlFor('home', 'nl'))).text;
      const links = [...home.matchAll(/<nav class="landing-links"[\s\S]*?<\/nav>/g)][0]![0];
      const href = /href="([^"]+)"/.exec(links)![1]!.replace(/&amp;/g, '&');
      const landing = (await get(href).expect(200)).text;
      expect(landing).not.toContain('name="robots"');
      expect(landing).toContain(`<link rel="canonical" href="http://immo.test${href.replace(/&/g, '&amp;')}"/>`);
      expect(landing).toMatch(/<h1>(Huizen|Appartementen) te (koop|huur) in /);
    });

    it('names a landing page’s city in the page’s language, on the same URL query in every locale', async () => {
      const query = `transaction=buy&headTypes=HOUSE&locations=${TOWN.name}`;
      const fr = (await search(query, 'fr').expect(200)).text;
      expect(fr).toContain('<h1>Maisons à vendre à Chercheville</h1>');
      expect(fr).toContain(`<link rel="alternate" hrefLang="nl" href="http://immo.test/nl?${query.replace(/&/g, '&amp;')}"/>`);
    });
  });

  describe('city autocomplete', () => {
    const cities = (q: string, locale: 'nl' | 'fr' | 'de' = 'nl') =>
      get(`${urlFor('ajaxSearchCity', locale)}?q=${encodeURIComponent(q)}`).set('Accept', 'application/json').expect(200);

    it('matches a zip prefix', async () => {
      const body = (await cities('999')).body as Array<{ zip: string }>;
      expect(body.map((city) => city.zip)).toEqual(expect.arrayContaining([TOWN.zip, OTHER_TOWN.zip]));
    });

    it('matches the localized alias and answers in the visitor’s language, with the count of visible listings the search finds', async () => {
      // To buy unless it says to rent, as the search: the villa, the townhouse and the project (the flat is to rent).
      expect((await cities('chercheville', 'de')).body).toEqual([expect.objectContaining({ name: 'Suchdorf', zip: TOWN.zip, count: 3, label: 'Suchdorf (9991)' })]);
      expect(total((await search(IN_TOWN, 'de')).text)).toBe(3);
      expect((await get(`${urlFor('ajaxSearchCity', 'de')}?q=chercheville&transaction=rent`).set('Accept', 'application/json').expect(200)).body).toEqual([expect.objectContaining({ count: 1 })]);
      expect((await cities('Luik')).body).toEqual(expect.arrayContaining([expect.objectContaining({ zip: '4000' })]));
    });

    it('names the country of places abroad', async () => {
      expect((await cities('rijsel')).body).toEqual([expect.objectContaining({ name: 'Rijsel', country: 'FR', countryName: 'Frankrijk', label: 'Rijsel (59000), Frankrijk' })]);
      expect(ids((await search('locations=Lille')).text)).toEqual([abroad.id]);
    });

    it('ignores accents and case', async () => {
      const plain = (await cities('liege', 'fr')).body as Array<{ name: string }>;
      expect(plain.map((city) => city.name)).toContain('Liège');
      expect((await cities('LIÈGE', 'fr')).body).toEqual(plain);
    });

    it('lists only cities with visible listings, sorted by name and limited', async () => {
      await sut.app.get(SettingsService).set('hiddenStatus', ['FOR_SALE', 'TO_RENT', 'TAKE_OVER']);
      try {
        expect((await cities('zoekegem')).body).toEqual([]);
      } finally {
        await sut.app.get(SettingsService).set('hiddenStatus', []);
      }
      const names = ((await cities('b')).body as Array<{ name: string }>).map((city) => city.name);
      expect(names.length).toBeLessThanOrEqual(8);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nl')));
    });

    it('gives htmx the listbox options as a fragment', async () => {
      const response = await get(`${urlFor('ajaxSearchCity', 'nl')}?q=zoek`).set('HX-Request', 'true').expect(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.text).toContain('role="option"');
      expect(response.text).toContain('data-value="Zoekegem"');
      expect(response.headers['cache-control']).toBe('no-store');
      const json = await get(`${urlFor('ajaxSearchCity', 'nl')}?q=zoek`).set('Accept', 'application/json').expect(200);
      expect(json.headers.vary).toContain('Accept');
    });
  });

  it('gives the map every marker of the result set, not only the page', async () => {
    const markers = (await get(`${urlFor('ajaxSearchMap', 'nl')}?locations=${OTHER_TOWN.zip}`).expect(200)).body as Array<{ id: number; lat: number }>;
    expect(markers.length).toBeGreaterThan(SEARCH_PAGE_SIZE);
    expect(markers.every((marker) => Number.isFinite(marker.lat))).toBe(true);
  });
});
