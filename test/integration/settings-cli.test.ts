import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Estate } from '../../src/estates/domain/estate.js';
import { CatalogueVersionService } from '../../src/estates/persistence/catalogue-version.service.js';
import { urlFor } from '../../src/routing/routes.js';
import { SettingEntity } from '../../src/settings/setting.entity.js';
import { runSettingsCli } from '../../src/settings/settings.cli.js';
import { buildEstate, storeEstates } from '../factories/estate.factory.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

const TOWN = { id: 9981, zip: '9981', name: 'Instelgem', alias: {}, lat: 50.8, lon: 4.4 };

function listing(id: number, overrides: Parameters<typeof buildEstate>[0] = {}): Estate {
  return buildEstate({ id, sourceId: String(id), headType: 'HOUSE', subType: 'VILLA', address: { city: TOWN, geoLocation: { lat: TOWN.lat, lon: TOWN.lon } }, ...overrides });
}

const forSale = listing(996_101);
const sold = listing(996_102, { transaction: { statusId: 5, status: 'SOLD', forRent: false } });

/** `npm run settings` against the database of a running site, which reads each change without a restart. */
describe('npm run settings (the CLI on a running site)', () => {
  let sut: TestApp;
  const initial = { SETTING_SHOW_UNAVAILABLE: 'true' };

  async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string; err: string }> {
    const out: string[] = [];
    const err: string[] = [];
    const database = { DATA_DIR: sut.config.DATA_DIR, DATABASE_URL: sut.config.DATABASE_URL ?? '' };
    const code = await runSettingsCli(args, { NODE_ENV: 'test', ...initial, ...database, ...env }, { log: (line) => out.push(line), error: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const searchIds = async () => {
    const html = (await request(sut.server).get(`${urlFor('home', 'nl')}?locations=${TOWN.zip}`).expect(200)).text;
    return [...html.matchAll(/data-estate-id="(\d+)"/g)].map((match) => Number(match[1]));
  };
  const soldShown = async (shown: boolean, what: string) => until(what, async () => (await searchIds()).includes(sold.id) === shown, Boolean, { timeoutMs: 10_000 });
  const storedKeys = async () => (await sut.app.get(DataSource).getRepository(SettingEntity).find()).map((row) => row.key).sort();

  beforeAll(async () => {
    // A named database, so the CLI of this process opens the site's own (on PostgreSQL: the scratch database).
    sut = await startTestApp({ ...initial, DATA_DIR: `memory://settings-cli-${randomBytes(4).toString('hex')}` });
    await storeEstates(sut.app.get(DataSource), [forSale, sold]);
    await sut.app.get(CatalogueVersionService).refresh();
  });

  afterAll(async () => {
    await sut.close();
  });

  it('lists every setting with its value, where it comes from and what it allows', async () => {
    const { code, out } = await cli(['list']);
    expect(code).toBe(0);
    expect(out).toContain('hiddenStatus = (none)   (default)');
    expect(out).toContain('allowed: a comma list of FOR_SALE, TO_RENT, TAKE_OVER, SOLD, RENTED, TAKEN_OVER (empty: none)');
    expect(out).toContain('hiddenTabs = (none)   (default)');
    expect(out).toContain('showUnavailable = true   (environment SETTING_SHOW_UNAVAILABLE)');
    expect(out).toContain('allowed: true or false');
  });

  it('changes what the running site shows, the database value winning over the environment until unset', async () => {
    expect(await searchIds()).toEqual(expect.arrayContaining([forSale.id, sold.id]));

    expect(await cli(['set', 'hiddenStatus', 'SOLD'])).toMatchObject({ code: 0, out: expect.stringContaining('hiddenStatus = SOLD   (database)') });
    await soldShown(false, 'the sold listing hidden');

    expect((await cli(['set', 'showUnavailable', 'false'])).code).toBe(0);
    expect((await cli(['unset', 'hiddenStatus'])).out).toContain('hiddenStatus = (none)   (default)');
    // The stored false wins over SETTING_SHOW_UNAVAILABLE=true: sold listings stay out of the search.
    await until('row deleted', async () => !(await storedKeys()).includes('hiddenStatus'), Boolean, { timeoutMs: 10_000 });
    expect(await searchIds()).toEqual([forSale.id]);

    expect((await cli(['unset', 'showUnavailable'])).out).toContain('showUnavailable = true   (environment SETTING_SHOW_UNAVAILABLE)');
    await soldShown(true, 'the environment value again');
    expect(await storedKeys()).toEqual([]);
  });

  it('refuses a bad value or an unknown name with exit code 2, the allowed values, no trace, and stores nothing', async () => {
    const bad = await cli(['set', 'hiddenStatus', 'SOLD,BOUGHT']);
    expect(bad).toEqual({
      code: 2,
      out: '',
      err: 'hiddenStatus must be a comma list of FOR_SALE, TO_RENT, TAKE_OVER, SOLD, RENTED, TAKEN_OVER (empty: none); got "SOLD,BOUGHT"',
    });
    const unknown = await cli(['set', 'hideSold', 'true']);
    expect(unknown).toEqual({ code: 2, out: '', err: 'unknown setting "hideSold"; the settings are hiddenStatus, hiddenTabs, showUnavailable, newBadgeDays, reducedBadgeDays' });
    expect((await cli(['unset'])).code).toBe(2);
    expect(await storedKeys()).toEqual([]);
    expect(await searchIds()).toContain(sold.id);
  });

  it('sets the days of the cards\' badges, checked (0 turns a badge off)', async () => {
    expect((await cli(['list'])).out).toContain('newBadgeDays = 14   (default)');
    expect(await cli(['set', 'newBadgeDays', '7'])).toMatchObject({ code: 0, out: expect.stringContaining('newBadgeDays = 7   (database)') });
    expect(await cli(['set', 'reducedBadgeDays', '0'])).toMatchObject({ code: 0, out: expect.stringContaining('reducedBadgeDays = 0   (database)') });
    expect(await cli(['set', 'newBadgeDays', 'a week'])).toEqual({
      code: 2,
      out: '',
      err: 'newBadgeDays must be a whole number of days from 0 to 365 (0: no badge); got "a week"',
    });
    expect((await cli(['set', 'reducedBadgeDays', '400'])).code).toBe(2);
    expect((await cli(['unset', 'newBadgeDays'])).out).toContain('newBadgeDays = 14   (default)');
    expect((await cli(['unset', 'reducedBadgeDays'])).out).toContain('reducedBadgeDays = 30   (default)');
    expect(await storedKeys()).toEqual([]);
  });

  it('refuses to run with a bad initial value in the environment', async () => {
    const { code, err } = await cli(['list'], { SETTING_HIDDEN_TABS: 'photos' });
    expect(code).toBe(1);
    expect(err).toMatch(/^settings failed: Invalid configuration:\n {2}SETTING_HIDDEN_TABS="photos": must be a comma list of comfort, /);
    expect(err).not.toContain('    at ');
  });
});
