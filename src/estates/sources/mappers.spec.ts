import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../common/paths.js';
import { TITLE_MAX_LENGTH } from './crm-values.js';
import { proxiedImageUrl } from './image-url.js';
import { InvalidRecordError } from './raw-text.js';
import { isLiveInSourceA, mapSourceAProperty } from './source-a/source-a.mapper.js';
import type { SourceAProperty } from './source-a/source-a.types.js';
import { mapSourceBListing } from './source-b/source-b.mapper.js';
import type { SourceBListing } from './source-b/source-b.types.js';

const propertiesA = JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-a/properties.json'), 'utf8')) as SourceAProperty[];
const feedB = JSON.parse(readFileSync(join(FIXTURES_DIR, 'source-b/feed.json'), 'utf8')) as SourceBListing[];
const context = { imageUrl: proxiedImageUrl, person: () => undefined };
const firstA = propertiesA.find((property) => property.publish && !property.is_project && !property.parent_property_id)!;

describe(mapSourceAProperty.name, () => {
  it('keeps every language the CRM sent; empty texts are dropped', () => {
    const sut = mapSourceAProperty({ ...firstA, title: { nl: 'Villa', fr: '', en: null, de: 'Villa DE' } }, context);
    expect(sut.title).toEqual({ nl: 'Villa', de: 'Villa DE' });
  });

  it('maps snake_case fields onto the domain names (notary_document_salary is notarySalery)', () => {
    const sut = mapSourceAProperty({ ...firstA, notary_document_salary: 4321, epc_value: 199, indexed_ki: 1500 }, context);
    expect(sut).toMatchObject({ notarySalery: 4321, energy: { epcValue: 199 }, ki: { indexed: 1500 } });
  });

  it('serves photos through the property-images proxy per account', () => {
    const sut = mapSourceAProperty(firstA, context);
    expect(sut.pictures[0].file).toMatch(/^\/property-images\/1042\/large\/[\w-]+\.jpg\?v=[a-z0-9]+$/);
    expect(sut.pictures[0].thumbnail).toMatch(/^\/property-images\/1042\/thumb\//);
  });

  it('versions photo URLs by the record\'s updated_at, so a changed photo gets a new URL (cached for a year)', () => {
    const before = mapSourceAProperty(firstA, context).pictures[0].file;
    const after = mapSourceAProperty({ ...firstA, updated_at: new Date(Date.parse(firstA.updated_at!) + 60_000).toISOString() }, context).pictures[0].file;
    expect(before).toMatch(/\?v=\w+$/);
    expect(after).not.toBe(before);
    expect(after.split('?')[0]).toBe(before.split('?')[0]);
  });

  it('a record without a head type is invalid', () => {
    expect(() => mapSourceAProperty({ ...firstA, head_type: undefined }, context)).toThrow(InvalidRecordError);
  });

  it('keeps a sticker colour only when it is a hex or named CSS colour', () => {
    const sut = mapSourceAProperty({ ...firstA, sticker: { id: 1, name: { nl: 'Nieuw' }, color: 'red;position:fixed;inset:0', color_text: 'White' } }, context);
    expect(sut.sticker).toMatchObject({ color: null, colorText: 'white' });
  });

  it('keeps only http(s) links for photos, files, videos and the sales rep’s picture', () => {
    const hostile = 'javascript:alert(1)';
    const persons = { person: () => ({ person_id: 1, first_name: 'Sofie', last_name: 'P', photo_url: hostile }) };
    const sut = mapSourceAProperty(
      {
        ...firstA,
        responsible_salesrep_person_id: 1,
        photos: [{ url: hostile }, { url: 'https://cdn.source-a.example/1042/house-01.jpg', url_thumbnail: 'data:image/png,x' }],
        files: [{ url: hostile }, { url: 'https://cdn.example/plan.pdf', type_id: 'FLOOR_PLAN' }],
        videos: [{ type_id: 1, url: 'vbscript:x' }, { type_id: 2, url: 'https://tour.example/1' }],
      },
      { ...context, ...persons },
    );
    expect(sut.pictures.map((picture) => [picture.file, picture.thumbnail])).toEqual([
      [expect.stringMatching(/^\/property-images\/1042\/large\/house-01\.jpg\?v=\w+$/), expect.stringMatching(/^\/property-images\/1042\/large\/house-01\.jpg\?v=\w+$/)],
    ]);
    expect(sut.files.map((file) => file.link)).toEqual(['https://cdn.example/plan.pdf']);
    expect(sut.videos.map((video) => video.link)).toEqual(['https://tour.example/1']);
    expect(sut.salesRep?.picture).toBeNull();
  });

  it('cuts a title longer than TITLE_MAX_LENGTH', () => {
    const sut = mapSourceAProperty({ ...firstA, title: { nl: 'Villa '.repeat(200) } }, context);
    expect(sut.title.nl!.length).toBeLessThanOrEqual(TITLE_MAX_LENGTH);
  });

  it('only published, shown, not archived and not deleted records are live', () => {
    expect(isLiveInSourceA(firstA)).toBe(true);
    for (const change of [{ publish: false }, { show: false }, { archived: true }, { deleted: true }]) {
      expect(isLiveInSourceA({ ...firstA, ...change })).toBe(false);
    }
  });
});

describe(mapSourceBListing.name, () => {
  const first = feedB[0];

  it('carries the guid, which marks data source B', () => {
    const sut = mapSourceBListing(first);
    expect(sut).toMatchObject({ source: 'B', guid: first.guid, sourceId: first.guid });
  });

  it('keeps a sticker colour only when it is a hex or named CSS colour', () => {
    const sut = mapSourceBListing({ ...first, sticker: { id: 1, name: { nl: 'Nieuw' }, color: '#D81B60', colorText: 'black;background:url(x)' } });
    expect(sut.sticker).toMatchObject({ color: '#d81b60', colorText: null });
  });

  it('keeps only http(s) links for photos, files, videos and the sales rep’s picture', () => {
    const hostile = 'javascript:alert(1)';
    const sut = mapSourceBListing({
      ...first,
      salesRep: { firstname: 'Sofie', lastname: 'P', picture: hostile },
      pictures: [{ file: hostile }, { file: 'https://cdn.source-b.example/2001/house-01.jpg' }],
      files: [{ link: 'data:text/html,x' }, { link: 'https://cdn.example/plan.pdf' }],
      videos: [{ typeId: 1, link: hostile }, { typeId: 1, link: 'https://video.example/1' }],
    });
    expect(sut.pictures.map((picture) => picture.file)).toEqual([expect.stringMatching(/^\/property-images\/2001\/large\/house-01\.jpg\?v=\w+$/)]);
    expect(sut.files.map((file) => file.link)).toEqual(['https://cdn.example/plan.pdf']);
    expect(sut.videos.map((video) => video.link)).toEqual(['https://video.example/1']);
    expect(sut.salesRep?.picture).toBeNull();
  });

  it('cuts a title longer than TITLE_MAX_LENGTH', () => {
    expect(mapSourceBListing({ ...first, title: { fr: 'x'.repeat(1000) } }).title.fr!.length).toBe(TITLE_MAX_LENGTH);
  });

  it('a malformed guid is invalid', () => {
    expect(() => mapSourceBListing({ ...first, guid: 'x' })).toThrow(InvalidRecordError);
  });

  it('nests published project units with their parent id', () => {
    const project = feedB.find((listing) => listing.isProject)!;
    const sut = mapSourceBListing(project);
    expect(sut.children.length).toBeGreaterThanOrEqual(3);
    expect(sut.children.every((child) => child.parentId === sut.id)).toBe(true);
  });
});
