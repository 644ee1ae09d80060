import request from 'supertest';
import { EstateRepository } from '../../src/estates/persistence/estate.repository.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { TITLE_MAX_LENGTH } from '../../src/estates/sources/crm-values.js';
import type { SourceAProperty } from '../../src/estates/sources/source-a/source-a.types.js';
import type { SourceBListing } from '../../src/estates/sources/source-b/source-b.types.js';
import { urlFor } from '../../src/routing/routes.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { standaloneProperties } from '../support/fake-zabun-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const HOSTILE_DESCRIPTION = '<p onclick="steal()">Mooi</p><script>alert(4)</script><img src=x onerror=alert(5)>';
const LONG_TITLE = 'Lange titel '.repeat(84);

/** What none of the hostile values may leave behind in a page or a JSON answer. */
const TRACES = ['javascript:', 'vbscript:', 'data:text/html', 'position:fixed', 'evil.example', 'alert(', 'onerror', 'onclick'];

describe('hostile CRM records through the sync (local fake CRM)', () => {
  let crm: FakeCrmServer;
  let sut: TestApp;
  let a: SourceAProperty;
  let b: SourceBListing;
  /** Source B's hostile links break the published feed schema: the whole record is skipped before mapping. */
  let bLinks: SourceBListing;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    const first = standaloneProperties(crm.sourceA.properties).find((property) => property.publish && !property.is_project && property.responsible_salesrep_person_id)!;
    // Zabun gives a sticker by id: its colours come from the stickers dictionary.
    crm.sourceA.optionItems = {
      ...crm.sourceA.optionItems,
      stickers: [...(crm.sourceA.optionItems.stickers ?? []), { id: 9, name: { nl: 'Topper' }, color: 'red;position:fixed;inset:0', color_text: '#fff' }],
    };
    a = {
      ...first,
      title: { nl: LONG_TITLE },
      description: { nl: HOSTILE_DESCRIPTION },
      sticker_id: 9,
      photos: [{ url: 'javascript:alert(7)' }, ...(first.photos ?? [])],
      files: [
        { type_id: 3, url: 'javascript:alert(1)', reference: { nl: 'Brochure' } },
        { type_id: 1, url: 'https://cdn.example/plan.pdf', reference: { nl: 'Grondplan' } },
      ],
      videos: [
        { type_id: 1, url: 'javascript:alert(2)' },
        { type_id: 2, url: 'data:text/html,<script>alert(3)</script>' },
        { type_id: 1, url: 'https://video.example/watch/1' },
      ],
    };
    crm.sourceA.properties = crm.sourceA.properties.map((property) => (property === first ? a : property));
    crm.sourceA.persons = crm.sourceA.persons.map((person) =>
      person.person_id === a.responsible_salesrep_person_id ? { ...person, photo_url: 'javascript:alert(6)' } : person,
    );
    const [firstB, secondB] = crm.sourceB.listings.filter((listing) => !listing.isProject);
    b = {
      ...firstB,
      sticker: { id: 9, name: { nl: 'Topper' }, color: '#0a0', colorText: 'white;background:url(https://evil.example/x.png)' },
    };
    bLinks = {
      ...secondB,
      salesRep: { firstname: 'Eva', lastname: 'Smets', picture: 'javascript:alert(8)' },
      files: [{ type: 'BROCHURE', link: 'vbscript:msgbox(1)' }],
    };
    crm.sourceB.listings = crm.sourceB.listings.map((listing) => (listing === firstB ? b : listing === secondB ? bLinks : listing));
    await crm.start();
    sut = await startTestApp(fakeCrmEnv(crm));
  });

  afterAll(async () => {
    await sut.close();
    await crm.stop();
  });

  const get = (path: string) => request(sut.server).get(path);
  const pageOf = async (id: number) => (await get((await get(urlFor('detailShort', 'nl', { estateId: id }))).headers.location)).text;
  const jsonOf = async (id: number) => get(urlFor('ajaxEstate', 'nl', { estateId: id }));

  it('stores a sticker colour only when it is a plain CSS colour', async () => {
    const repository = sut.app.get(EstateRepository);
    expect((await repository.findById(a.property_id!))!.sticker).toMatchObject({ color: null, colorText: '#fff' });
    expect((await repository.findById(b.id!))!.sticker).toMatchObject({ color: '#0a0', colorText: null });
  });

  it('stores only http(s) links for photos, files, videos and the sales rep’s picture', async () => {
    const stored = (await sut.app.get(EstateRepository).findById(a.property_id!))!;
    expect(stored.files.map((file) => file.link)).toEqual(['https://cdn.example/plan.pdf']);
    expect(stored.videos.map((video) => video.link)).toEqual(['https://video.example/watch/1']);
    expect(stored.pictures).toHaveLength(a.photos!.length - 1);
    expect(stored.salesRep?.picture).toBeNull();
    expect(await sut.app.get(EstateRepository).findById(bLinks.id!)).toBeNull();
    const report = (await sut.app.get(EstateSyncService).syncAll()).sources.find((source) => source.source === 'B')!;
    const skipped = report.skipped.find((record) => record.sourceId === bLinks.guid)!;
    expect(skipped.error).toMatch(/^schema: /);
    expect(skipped.error).toContain('/salesRep/picture must match pattern');
    expect(skipped.error).toContain('/files/0/link must match pattern');
  });

  it('stores a 1,000-character title cut to TITLE_MAX_LENGTH, and the page shows it', async () => {
    const stored = (await sut.app.get(EstateRepository).findById(a.property_id!))!;
    expect(stored.title.nl!.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
    expect(await pageOf(a.property_id!)).toContain(`<h1>${stored.title.nl}</h1>`);
  });

  it('the page keeps none of it: no script, handler, bad link or CSS from the CRM', async () => {
    for (const id of [a.property_id!, b.id!]) {
      const html = await pageOf(id);
      for (const trace of TRACES) expect(html).not.toContain(trace);
    }
  });

  it('the JSON endpoint keeps none of it either, and serves the page’s sanitized description', async () => {
    const response = await jsonOf(a.property_id!);
    for (const trace of TRACES) expect(response.text).not.toContain(trace);
    const model = response.body as { descriptionHtml: string; videos: unknown[]; files: unknown[] };
    expect(model.descriptionHtml).toBe('<p>Mooi</p>');
    expect(await pageOf(a.property_id!)).toContain(model.descriptionHtml);
    expect(model.videos).toEqual([{ label: 'Video', href: 'https://video.example/watch/1' }]);
  });

  it('a sticker without a valid colour keeps the default sticker style', async () => {
    const model = (await jsonOf(a.property_id!)).body as { sticker: Record<string, unknown> };
    expect(model.sticker).toEqual({ id: 9, text: 'Topper', colorText: '#fff' });
  });
});
