import request from 'supertest';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { urlFor } from '../../src/routing/routes.js';
import { FakeWhiseServer, fakeWhiseEnv, whiseEstate, whisePicture } from '../support/fake-whise-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { photoKey } from '../../src/estates/images/photo-keys.js';

const LISTED = 3515113;
const IN_PREPARATION = 3515114;

describe('a Whise account as a source (WHISE_* pointing at a fake Whise)', () => {
  let whise: FakeWhiseServer;
  let sut: TestApp;

  beforeAll(async () => {
    whise = new FakeWhiseServer();
    await whise.start();
    whise.estates = [
      whiseEstate(LISTED, { name: 'Herenhuis aan de Leie', longDescription: [{ content: 'Statig herenhuis met tuin.', languageId: 'nl-BE' }] }),
      whiseEstate(IN_PREPARATION, { purposeStatus: { id: 20 } }),
    ];
    sut = await startTestApp(fakeWhiseEnv(whise));
  });

  afterAll(async () => {
    await sut?.close();
    await whise.stop();
  });

  it('syncs the Whise listings alone (no demo source beside a CRM), leaving out the one in preparation', async () => {
    const report = await sut.app.get(EstateSyncService).syncAll();
    const w = report.sources.find((source) => source.source === 'W');
    expect(w).toMatchObject({ ok: true, skipped: [] });
    expect(report.sources.map((source) => source.source)).toEqual(['W']);
    expect(whise.requests.some((call) => call.path === '/v1/estates/list')).toBe(true);
  });

  it('shows the Whise listing on its detail page', async () => {
    const short = await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: LISTED }));
    expect(short.status).toBe(301);
    const page = await request(sut.server).get(short.headers.location);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Herenhuis aan de Leie');
    expect(page.text).toContain('Statig herenhuis met tuin.');
    // On Whise's real picture host, which the default PHOTO_HOSTS allows.
    const photo = whisePicture(LISTED, 0).urlLarge as string;
    const proxied = `/property-images/h/${photoKey(photo)}/large/${photo.split('/').pop()}`;
    expect(page.text).toContain(proxied);
  });

  it('an estate deleted in Whise stays through incremental syncs and goes at the full reconciliation', async () => {
    const service = sut.app.get(EstateSyncService);
    const before = whise.estates;
    try {
      whise.estates = before.filter((estate) => estate.id !== LISTED);
      const incremental = await service.syncAll();
      expect(incremental.sources.find((source) => source.source === 'W')).toMatchObject({ ok: true, mode: 'incremental', removed: 0 });
      expect((await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: LISTED }))).status).toBe(301);
      const full = await service.syncAll(undefined, { full: true });
      expect(full.sources.find((source) => source.source === 'W')).toMatchObject({ ok: true, mode: 'full', removed: 1 });
      expect((await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: LISTED }))).status).toBe(404);
    } finally {
      whise.estates = before;
      await service.syncAll(undefined, { full: true });
    }
  });

  it('has no page for the estate in preparation', async () => {
    const response = await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: IN_PREPARATION }));
    expect(response.status).toBe(404);
  });
});
