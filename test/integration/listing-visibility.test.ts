import request from 'supertest';
import { DataSource } from 'typeorm';
import { ChangeFeedService } from '../../src/database/change-feed.service.js';
import { EstateDetailService, SIMILAR_ESTATES_SHOWN } from '../../src/detail/estate-detail.service.js';
import type { Estate, HeadType, Status } from '../../src/estates/domain/estate.js';
import { urlFor } from '../../src/routing/routes.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { buildEstate, storeEstates } from '../factories/estate.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

interface Candidate {
  readonly id: number;
  /** North of the reference point, in degrees: the distance order. */
  readonly offset: number;
  readonly price: number;
  readonly status?: Status;
  readonly headType?: HeadType;
}

/** A listing at a controlled place and price, far from the demo catalogue (none of it is in these price bands). */
function listingAt(origin: { lat: number; lon: number }, forRent: boolean, candidate: Candidate): Estate {
  return buildEstate({
    id: candidate.id,
    sourceId: String(candidate.id),
    headType: candidate.headType ?? 'COMMERCIAL',
    subType: 'OFFICE',
    transaction: { statusId: 1, status: candidate.status ?? (forRent ? 'TO_RENT' : 'FOR_SALE'), forRent },
    price: { value: candidate.price },
    address: { geoLocation: { lat: origin.lat + candidate.offset, lon: origin.lon } },
  });
}

describe('listings a visitor may see (real app, real database)', () => {
  let sut: TestApp;
  const setHidden = (statuses: string[]) => sut.app.get(SettingsService).set('hiddenStatus', statuses);
  const get = (path: string) => request(sut.server).get(path);

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    await sut.close();
  });

  describe('a project with a unit whose status is hidden', () => {
    const unit = (id: number, status: Status, value: number) =>
      buildEstate({ id, sourceId: String(id), headType: 'APARTMENT', subType: 'FLAT', title: { nl: `Appartement ${id}` }, transaction: { status }, price: { value, vatRegime: true } });
    const project = buildEstate({
      id: 990200,
      sourceId: '990200',
      isProject: true,
      headType: 'PROJECT',
      subType: 'NEW_BUILD_PROJECT',
      title: { nl: 'Residentie Testhof' },
      price: { value: null, priceFrom: 199000, vatRegime: true },
      children: [unit(990201, 'FOR_SALE', 300000), unit(990202, 'SOLD', 250000), unit(990203, 'FOR_SALE', 370000)],
    });
    let projectPath: string;

    beforeAll(async () => {
      await storeEstates(sut.app.get(DataSource), [project]);
      projectPath = (await get(urlFor('detailShort', 'nl', { estateId: project.id }))).headers.location;
    });

    afterEach(async () => {
      await setHidden([]);
    });

    const unitIdsInJson = async () => ((await get(urlFor('ajaxEstate', 'nl', { estateId: project.id }))).body as { units: Array<{ id: number }> }).units.map((row) => row.id);

    it('lists the unit while its status is not hidden', async () => {
      expect(await unitIdsInJson()).toEqual([990201, 990202, 990203]);
      expect((await get(projectPath)).text).toContain('/990202"');
    });

    it('the project page does not list it', async () => {
      await setHidden(['SOLD', 'RENTED']);
      const html = (await get(projectPath)).text;
      expect(html).toContain('/990201"');
      expect(html).not.toContain('/990202"');
    });

    it('the project’s JSON does not return it', async () => {
      await setHidden(['SOLD', 'RENTED']);
      expect(await unitIdsInJson()).toEqual([990201, 990203]);
    });

    it('the sitemap does not list it', async () => {
      await setHidden(['SOLD', 'RENTED']);
      const sitemap = (await get('/sitemaps/projects.xml')).text;
      expect(sitemap).toMatch(/\/990201<\/loc>/);
      expect(sitemap).not.toMatch(/\/990202<\/loc>/);
    });

    it('the project is "from" the price of its cheapest unit a visitor can still buy', async () => {
      const model = (await get(urlFor('ajaxEstate', 'nl', { estateId: project.id }))).body as { priceText: string };
      expect(model.priceText).toBe('Vanaf €\u00a0300.000,00 + btw');
    });
  });

  describe('similar estates', () => {
    const saleOrigin = { lat: 50.0, lon: 5.0 };
    const sale = (candidate: Candidate) => listingAt(saleOrigin, false, candidate);
    const reference = sale({ id: 990000, offset: 0, price: 10_000_000 });
    const sameDistance = [sale({ id: 990024, offset: 0.03, price: 10_100_000 }), sale({ id: 990023, offset: 0.03, price: 10_500_000 })];
    const available = [sale({ id: 990021, offset: 0.01, price: 9_500_000 }), sale({ id: 990022, offset: 0.02, price: 10_200_000 }), ...sameDistance, sale({ id: 990025, offset: 0.05, price: 11_000_000 })];
    // All nearer than every available candidate: a filter applied after the limit would leave the block short.
    const gone = [1, 2, 3, 4, 5, 6].map((n) => sale({ id: 990000 + n, offset: n / 1000, price: 10_000_000, status: n % 2 ? 'TAKEN_OVER' : 'SOLD' }));
    const otherHeadType = sale({ id: 990010, offset: 0.0005, price: 10_000_000, headType: 'HOUSE' });
    const aboveBand = sale({ id: 990011, offset: 0.0006, price: 13_500_000 });
    const belowBand = sale({ id: 990012, offset: 0.0007, price: 6_500_000 });
    const hiddenStatus = sale({ id: 990013, offset: 0.0008, price: 10_000_000, status: 'TAKE_OVER' });
    const forRent = listingAt(saleOrigin, true, { id: 990015, offset: 0.0004, price: 10_000_000 });
    const projectUnit = { ...sale({ id: 990014, offset: 0.0009, price: 10_000_000 }), parentId: 990030 };
    const project = buildEstate({ id: 990030, sourceId: '990030', isProject: true, headType: 'PROJECT', address: { geoLocation: { lat: 49.0, lon: 4.0 } }, children: [projectUnit] });

    const rentOrigin = { lat: 49.6, lon: 5.8 };
    const rental = (candidate: Candidate) => listingAt(rentOrigin, true, candidate);
    const rentalReference = rental({ id: 990100, offset: 0, price: 50_000 });
    const rented = [1, 2, 3, 4, 5, 6].map((n) => rental({ id: 990100 + n, offset: n / 1000, price: 50_000, status: 'RENTED' }));
    const toRent = [11, 12, 13, 14, 15].map((n) => rental({ id: 990100 + n, offset: n / 100, price: 50_000 }));

    const similarIds = async (estate: Estate) => {
      const details = sut.app.get(EstateDetailService);
      return (await details.similar(await details.findOrThrow(String(estate.id)))).map((similar) => similar.id);
    };
    /** As a sync does: the rows, then the change on the feed every replica follows. */
    const synced = async (estates: Estate[]) => {
      await storeEstates(sut.app.get(DataSource), estates);
      await sut.app.get(ChangeFeedService).publish('estates', { ids: estates.map((estate) => estate.id) });
    };

    beforeAll(async () => {
      await storeEstates(sut.app.get(DataSource), [
        reference,
        ...available,
        ...gone,
        otherHeadType,
        aboveBand,
        belowBand,
        hiddenStatus,
        forRent,
        project,
        rentalReference,
        ...rented,
        ...toRent,
      ]);
      await setHidden(['TAKE_OVER']);
    });

    afterAll(async () => {
      await setHidden([]);
    });

    it('are the nearest listings of the same head type, transaction and price band, then the closest in price', async () => {
      expect(await similarIds(reference)).toEqual([990021, 990022, 990024, 990023]);
    });

    it('are never short when enough candidates exist, though many nearer ones are sold or taken over', async () => {
      expect(await similarIds(reference)).toHaveLength(SIMILAR_ESTATES_SHOWN);
    });

    it('never offer a sold, rented or taken-over listing', async () => {
      const ids = [...(await similarIds(reference)), ...(await similarIds(rentalReference))];
      for (const unavailable of [...gone, ...rented]) expect(ids).not.toContain(unavailable.id);
      expect(await similarIds(rentalReference)).toEqual([990111, 990112, 990113, 990114]);
    });

    it('have the same head type', async () => {
      expect(await similarIds(reference)).not.toContain(otherHeadType.id);
    });

    it('cost within 30 % of the listing’s price', async () => {
      const ids = await similarIds(reference);
      expect(ids).not.toContain(aboveBand.id);
      expect(ids).not.toContain(belowBand.id);
    });

    it('are of the same transaction', async () => {
      expect(await similarIds(reference)).not.toContain(forRent.id);
    });

    it('leave out listings whose status is hidden', async () => {
      expect(await similarIds(reference)).not.toContain(hiddenStatus.id);
    });

    it('leave out project units (they are on their project’s page)', async () => {
      expect(await similarIds(reference)).not.toContain(projectUnit.id);
    });

    it('at the same distance, put the closer price first', async () => {
      const ids = await similarIds(reference);
      expect(ids.indexOf(990024)).toBeLessThan(ids.indexOf(990023));
    });

    it('follow a sync: a listing sold since is no longer offered, the next nearest takes its place', async () => {
      // Asked once before, so the choice is remembered for this version of the catalogue.
      expect(await similarIds(reference)).toEqual([990021, 990022, 990024, 990023]);
      const [nearest] = available;
      try {
        await synced([{ ...nearest, transaction: { ...nearest.transaction, status: 'SOLD' } }]);
        await until('the similar listings after the sync', async () => JSON.stringify(await similarIds(reference)) === JSON.stringify([990022, 990024, 990023, 990025]), Boolean, { timeoutMs: 5_000 });
      } finally {
        await synced([nearest]);
      }
      await until('the similar listings after the sale is undone', async () => JSON.stringify(await similarIds(reference)) === JSON.stringify([990021, 990022, 990024, 990023]), Boolean, { timeoutMs: 5_000 });
    });

    it('fill the block on the page with four cards', async () => {
      const response = await get(urlFor('ajaxSimilarEstates', 'nl', { estateId: reference.id })).set('HX-Request', 'true');
      expect(response.text.match(/class="estate-card"/g)).toHaveLength(SIMILAR_ESTATES_SHOWN);
    });
  });
});
