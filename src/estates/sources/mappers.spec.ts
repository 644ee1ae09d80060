import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../common/paths.js';
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
    expect(sut.pictures[0].file).toMatch(/^\/property-images\/1042\/large\/[\w-]+\.jpg$/);
    expect(sut.pictures[0].thumbnail).toMatch(/^\/property-images\/1042\/thumb\//);
  });

  it('a record without a head type is invalid', () => {
    expect(() => mapSourceAProperty({ ...firstA, head_type: undefined }, context)).toThrow(InvalidRecordError);
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
