import request from 'supertest';
import { DataSource, IsNull, Not } from 'typeorm';
import { ChangeFeedService } from '../../src/database/change-feed.service.js';
import { EstateDetailService } from '../../src/detail/estate-detail.service.js';
import type { Estate } from '../../src/estates/domain/estate.js';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { storeEstates } from '../factories/estate.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** € 1.234,56 as the pages write it (nl-BE grouping in every locale, a no-break space after the sign). */
const euro = (amount: number) => `€\u00a0${new Intl.NumberFormat('nl-BE', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(amount)}`;

/**
 * The 2025 duty for an only own home, written out from BELGIAN-LISTING-RULES.md (not the code's table): Flanders
 * 2 %, Wallonia 3 %, Brussels 12.5 % after € 200,000 exempt for a price up to € 600,000.
 */
function onlyHomeDuty(region: string, price: number): number {
  if (region === 'FLANDERS') return price * 0.02;
  if (region === 'WALLONIA') return price * 0.03;
  return price <= 600_000 ? Math.max(0, price - 200_000) * 0.125 : price * 0.125;
}

/** The block's row for a cost line: its amount cell. */
function lineAmount(html: string, key: string): string | null {
  const match = new RegExp(`data-cost-line="${key}"[^>]*>[\\s\\S]*?<td>([^<]*)</td>`).exec(html);
  return match ? match[1]! : null;
}

describe('purchase-cost block', () => {
  let sut: TestApp;
  let rows: ReturnType<DataSource['getRepository']>;
  const get = (path: string) => request(sut.server).get(path);

  beforeAll(async () => {
    sut = await startTestApp();
    rows = sut.app.get(DataSource).getRepository(EstateEntity);
  });

  afterAll(async () => {
    await sut.close();
  });

  /** A standalone listing for sale with a public price in `region`, not a VAT new build, and its domain record. */
  async function saleIn(region: string): Promise<Estate> {
    const candidates = (await rows.find({
      where: { isProject: false, parentId: IsNull(), status: 'FOR_SALE', forRent: false, region, publicPrice: Not(IsNull()), headType: 'HOUSE' },
      order: { id: 'ASC' },
    })) as EstateEntity[];
    for (const candidate of candidates) {
      const found = await sut.app.get(EstateDetailService).find(candidate.id);
      if (found && !found.estate.price.vatRegime && found.estate.price.visible) return found.estate;
    }
    throw new Error(`no sale in ${region} in the demo data`);
  }

  async function pageOf(estate: Pick<Estate, 'id'>, locale: Locale): Promise<string> {
    const location = (await get(urlFor('detailShort', locale, { estateId: estate.id }))).headers.location as string;
    const page = await get(location);
    expect(page.status).toBe(200);
    return page.text;
  }

  it.each([
    ['nl', 'FLANDERS', 'Registratierechten', 'Vlaanderen'],
    ['fr', 'WALLONIA', 'Droits d’enregistrement', 'Wallonie'],
    ['fr', 'BRUSSELS', 'Droits d’enregistrement', 'Bruxelles'],
  ] as const)('%s: a sale page in %s shows the block with its region’s duty for an only home', async (locale, region, label, regionName) => {
    const estate = await saleIn(region);
    const html = await pageOf(estate, locale);
    expect(html).toContain('id="purchase-cost"');
    expect(html).toContain(label);
    expect(html).toContain(regionName);
    expect(lineAmount(html, 'duties')).toBe(euro(onlyHomeDuty(region, estate.price.value!)));
    expect(lineAmount(html, 'price')).toBe(euro(estate.price.value!));
    // Estimates said so, with the rates' date; a monthly payment for the default loan.
    expect(html).toContain(locale === 'nl' ? 'Dit is een raming' : 'Ceci est une estimation');
    expect(html).toContain('01/01/2025');
    expect(html).toContain('data-cost-line="monthly"');
  });

  it('no block on a rent page', async () => {
    const rent = (await rows.findOne({ where: { forRent: true, parentId: IsNull(), isProject: false, publicPrice: Not(IsNull()) }, order: { id: 'ASC' } })) as EstateEntity;
    const html = await pageOf(rent, 'nl');
    expect(html).not.toContain('id="purchase-cost"');
    expect((await get(urlFor('purchaseCost', 'nl', { estateId: rent.id }))).status).toBe(404);
  });

  it('no block on a price-on-request page, and the hidden price appears nowhere in a cost', async () => {
    const sale = await saleIn('FLANDERS');
    /** As a sync does: the row, then the change on the feed the listing cache follows. */
    const synced = async (estate: Estate) => {
      await storeEstates(sut.app.get(DataSource), [estate]);
      await sut.app.get(ChangeFeedService).publish('estates', { ids: [estate.id] });
    };
    await synced({ ...sale, price: { ...sale.price, visible: false } });
    try {
      const html = await pageOf(sale, 'nl');
      expect(html).toContain('Prijs op aanvraag');
      expect(html).not.toContain('id="purchase-cost"');
      expect(html).not.toContain(euro(onlyHomeDuty('FLANDERS', sale.price.value!)));
      expect((await get(urlFor('purchaseCost', 'nl', { estateId: sale.id }))).status).toBe(404);
    } finally {
      await synced(sale);
    }
  });

  it('a project unit sold under VAT: 21 % VAT on its construction part, duties on the rest of the price (its land)', async () => {
    const units = (await rows.find({ where: { parentId: Not(IsNull()), status: 'FOR_SALE', forRent: false, region: 'FLANDERS', publicPrice: Not(IsNull()) }, order: { id: 'ASC' } })) as EstateEntity[];
    let unit: Estate | null = null;
    for (const candidate of units) {
      const found = await sut.app.get(EstateDetailService).find(candidate.id);
      if (found?.estate.price.vatRegime && found.estate.price.constructionValue && found.estate.price.groundValue === null) unit = found.estate;
      if (unit) break;
    }
    expect(unit).not.toBeNull();
    const { value, constructionValue } = unit!.price;
    const html = await pageOf(unit!, 'nl');
    expect(lineAmount(html, 'vat')).toBe(euro(constructionValue! * 0.21));
    expect(lineAmount(html, 'landDuties')).toBe(euro((value! - constructionValue!) * 0.02));
    expect(lineAmount(html, 'duties')).toBeNull();
    expect(html).toContain('de prijs min de constructiewaarde');
  });

  it('no block on a project page', async () => {
    const project = (await rows.findOne({ where: { isProject: true }, order: { id: 'ASC' } })) as EstateEntity;
    expect(await pageOf(project, 'nl')).not.toContain('id="purchase-cost"');
  });

  it('the GET form recomputes the block: not an only home, another loan, rate and duration', async () => {
    const estate = await saleIn('FLANDERS');
    const path = urlFor('purchaseCost', 'nl', { estateId: estate.id });
    const response = await get(`${path}?onlyHome=no&loan=200000&rate=0&years=20`);
    expect(response.status).toBe(200);
    // The whole detail page, with the block recomputed: 12 % duty, 200,000 / 240 months at 0 %.
    expect(response.text).toContain('<h1>');
    expect(lineAmount(response.text, 'duties')).toBe(euro(estate.price.value! * 0.12));
    expect(response.text).toContain(euro(200_000 / 240));
    expect(response.text).toMatch(/id="purchase-cost-only-home-no"[^>]*checked=""/);
    expect(response.text).not.toMatch(/id="purchase-cost-only-home-yes"[^>]*checked=""/);
    // Not indexed; the canonical is the listing itself.
    const canonical = (await get(urlFor('detailShort', 'nl', { estateId: estate.id }))).headers.location as string;
    expect(response.text).toContain(`<link rel="canonical" href="http://immo.test${canonical}"/>`);
    expect(response.text).not.toContain('rel="alternate" hrefLang');
  });

  it('with htmx only the result is answered, with the announcement for the live region', async () => {
    const estate = await saleIn('WALLONIA');
    const response = await get(`${urlFor('purchaseCost', 'fr', { estateId: estate.id })}?onlyHome=no&loan=100000&rate=0&years=10`).set('HX-Request', 'true');
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('<html');
    expect(lineAmount(response.text, 'duties')).toBe(euro(estate.price.value! * 0.125));
    expect(response.text).toContain('hx-swap-oob="innerHTML"');
    expect(response.text).toContain(`mensualité ${euro(100_000 / 120)}`);
  });

  it('the recomputed page is cached by its choices: the same choices revalidate with 304, others do not', async () => {
    const estate = await saleIn('FLANDERS');
    const path = urlFor('purchaseCost', 'nl', { estateId: estate.id });
    const first = await get(`${path}?loan=150000&rate=3&years=20`);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get(`${path}?loan=150000&rate=3&years=20&utm_source=x`).set('If-None-Match', etag)).status).toBe(304);
    expect((await get(`${path}?loan=150001&rate=3&years=20`).set('If-None-Match', etag)).status).toBe(200);
  });

  it.each([
    ['loan=-5', 'Geef een leenbedrag tussen € 0 en € 10.000.000.'],
    ['rate=99', 'Geef een rentevoet tussen 0 en 15%.'],
    ['years=2.5', 'Geef een looptijd van 1 tot 40 jaar, in hele jaren.'],
    ['loan=abc', 'Geef een leenbedrag tussen € 0 en € 10.000.000.'],
    ['onlyHome=maybe', 'Kies ja of nee.'],
    ['rate=1&rate=2', 'Geef een rentevoet tussen 0 en 15%.'],
  ])('bad input %s is a 422 with the field’s message, what was typed kept, never a 500', async (query, message) => {
    const estate = await saleIn('FLANDERS');
    const response = await get(`${urlFor('purchaseCost', 'nl', { estateId: estate.id })}?${query}`);
    expect(response.status).toBe(422);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.text).toContain('<html lang="nl"');
    expect(response.text).toContain(message);
    expect(response.text).toContain('Verbeter de gegevens in het formulier');
    expect(response.text).not.toContain('data-cost-line="total"');
  });

  it('bad input with htmx is a 422 fragment with the summary', async () => {
    const estate = await saleIn('BRUSSELS');
    const response = await get(`${urlFor('purchaseCost', 'fr', { estateId: estate.id })}?years=0`).set('HX-Request', 'true');
    expect(response.status).toBe(422);
    expect(response.text).not.toContain('<html');
    expect(response.text).toContain('Indiquez une durée de 1 à 40 ans, en années entières.');
  });

  it('an unknown listing is the localized 404', async () => {
    const response = await get(urlFor('purchaseCost', 'de', { estateId: 999999 }));
    expect(response.status).toBe(404);
    expect(response.text).toContain('<html lang="de"');
  });
});
