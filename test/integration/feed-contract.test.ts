import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/utils/paths.js';
import { loadConfig } from '../../src/config/config.js';
import { EstateRepository } from '../../src/estates/persistence/estate.repository.js';
import { EstateSyncService, type SourceSyncReport } from '../../src/estates/persistence/estate-sync.service.js';
import { createEstateSources } from '../../src/estates/sources/create-estate-sources.js';
import type { SourceBListing } from '../../src/estates/sources/source-b/source-b.types.js';
import { FakeFeedServer } from '../support/fake-feed-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const TOKEN = 'agency-feed-token';
const example = JSON.parse(readFileSync(join(PROJECT_ROOT, 'docs/feed/example.json'), 'utf8')) as { items: SourceBListing[] };
const [house, project] = example.items;

/** A copy of the example's house as another listing of the feed. */
function listing(n: number, change: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...house, id: 7100 + n, guid: `0000000${n}-7100-4000-8000-000000007100`, reference: `F-${n}`, ...change };
}

const feedEnv = (feed: FakeFeedServer, token = TOKEN) => ({
  SOURCE_B_FEED_URL: feed.url,
  SOURCE_B_TOKEN: token,
  SOURCE_RETRIES: '0',
  SOURCE_BACKOFF_MS: '5',
  SOURCE_TIMEOUT_MS: '2000',
});
const feedSource = (env: Record<string, string>) => createEstateSources(loadConfig(env)).find((source) => source.name === 'B')!;

describe('the published feed contract, read from a local feed server', () => {
  let feed: FakeFeedServer;

  beforeAll(async () => {
    feed = new FakeFeedServer(TOKEN);
    await feed.start();
  });

  afterAll(async () => {
    await feed.stop();
  });

  describe('health', () => {
    beforeEach(() => {
      feed.items = example.items;
    });

    it('is authenticated when the first page answers to the token', async () => {
      expect(await feedSource(feedEnv(feed)).health()).toEqual({ authenticated: true });
      expect(feed.requests.at(-1)).toEqual({ path: '/agency/feed?page=1', authorization: `Bearer ${TOKEN}` });
    });

    it('with a wrong token names the URL it called and SOURCE_B_TOKEN', async () => {
      expect(await feedSource(feedEnv(feed, 'wrong')).health()).toEqual({
        authenticated: false,
        problem: `HTTP 401 from ${feed.url}/feed?page=1: check SOURCE_B_TOKEN`,
      });
    });

    it('with a wrong URL names SOURCE_B_FEED_URL, and a feed that does not answer is an error, not a throw', async () => {
      expect(await feedSource({ ...feedEnv(feed), SOURCE_B_FEED_URL: `${feed.url}/v2` }).health()).toMatchObject({
        authenticated: false,
        problem: expect.stringMatching(/^HTTP 404 from .*\/agency\/v2\/feed\?page=1: check SOURCE_B_FEED_URL$/),
      });
      expect(await feedSource({ ...feedEnv(feed), SOURCE_B_FEED_URL: 'http://127.0.0.1:9/agency' }).health()).toMatchObject({
        authenticated: false,
        problem: expect.any(String),
      });
    });
  });

  describe('a sync of a feed with records that break the contract', () => {
    let sut: TestApp;
    let report: SourceSyncReport;
    const broken = {
      wrongType: listing(1, { bedrooms: 'three' }),
      noGuid: listing(2, { guid: undefined }),
      unknownStatus: listing(3, { transaction: { statusId: 42 } }),
      scriptPhoto: listing(4, { pictures: [{ file: 'javascript:alert(1)' }] }),
    };
    const unpublished = listing(5, { published: false });

    beforeAll(async () => {
      feed.items = [broken.wrongType, house, broken.noGuid, broken.unknownStatus, unpublished, project, broken.scriptPhoto];
      sut = await startTestApp(feedEnv(feed));
      report = (await sut.app.get(EstateSyncService).syncAll()).sources.find((source) => source.source === 'B')!;
    });

    afterAll(async () => {
      await sut.close();
    });

    it('stores the listings that keep the contract, the project with its unit', async () => {
      const repository = sut.app.get(EstateRepository);
      expect(report).toMatchObject({ ok: true, fetched: 2 });
      expect((await repository.findById(house.id!))?.guid).toBe(house.guid);
      const stored = await repository.findById(project.id!);
      expect(stored?.children.map((unit) => unit.guid)).toEqual(project.children!.map((unit) => unit.guid));
    });

    it('skips each broken record with the schema’s words, naming where and why', () => {
      expect(Object.fromEntries(report.skipped.map((record) => [record.sourceId, record.error]))).toEqual({
        [String(broken.wrongType.guid)]: 'schema: /bedrooms must be integer,null',
        '7102': "schema: / must have required property 'guid'",
        [String(broken.unknownStatus.guid)]: 'schema: /transaction/statusId must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10',
        [String(broken.scriptPhoto.guid)]: 'schema: /pictures/0/file must match pattern "^https?://"',
      });
    });

    it('leaves an unpublished listing out, without calling it an error', async () => {
      expect(report.skipped.map((record) => record.sourceId)).not.toContain(unpublished.guid);
      expect(await sut.app.get(EstateRepository).findById(unpublished.id as number)).toBeNull();
    });
  });
});
