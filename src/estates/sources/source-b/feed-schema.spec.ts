import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR, PROJECT_ROOT } from '../../../utils/paths.js';
import { ENUM_VALUES, HEAD_TYPE, SUB_TYPES } from '../../domain/enums.js';
import { FEED_SCHEMA_PATH, feedListingProblem, feedPageProblem } from './feed-schema.js';
import { SOURCE_B_STATUSES } from './source-b.status.js';
import type { SourceBListing } from './source-b.types.js';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as unknown;
const schema = read(FEED_SCHEMA_PATH) as { $defs: Record<string, { enum?: unknown[]; properties?: Record<string, { enum?: unknown[] }> }> };
const feed = read(join(FIXTURES_DIR, 'source-b/feed.json')) as SourceBListing[];
const example = read(join(PROJECT_ROOT, 'docs/feed/example.json')) as { items: SourceBListing[] };
const valid = example.items.find((listing) => !listing.isProject)!;

describe('the published feed schema (docs/feed/feed.schema.json)', () => {
  it('accepts the example page, a project with a unit among its listings', () => {
    expect(feedPageProblem(example)).toBeNull();
    expect(example.items).toHaveLength(2);
    expect(example.items.some((listing) => listing.isProject && (listing.children ?? []).length > 0)).toBe(true);
  });

  it('accepts every listing of the demo feed but the one it keeps to show a skipped record (a malformed guid)', () => {
    const problems = feed.map((listing) => [listing.guid, feedListingProblem(listing)]);
    expect(problems.filter(([, problem]) => problem !== null)).toEqual([['not-a-guid', expect.stringMatching(/^schema: \/guid must match pattern "[^"]+"$/)]]);
    expect(problems.length).toBeGreaterThan(20);
  });

  it('lists the status ids source B knows, and the SPEC enums the code knows', () => {
    expect(schema.$defs.statusId.enum).toEqual(Object.keys(SOURCE_B_STATUSES).map(Number));
    expect(schema.$defs.listing.properties!.headType.enum).toEqual([...HEAD_TYPE]);
    expect(schema.$defs.listing.properties!.subType.enum).toEqual([...new Set(Object.values(SUB_TYPES).flat()), null]);
    expect(schema.$defs.planningAnswer.enum).toEqual([...ENUM_VALUES.planningAnswer, null]);
    expect(schema.$defs.energy.properties!.energyLabel.enum).toEqual([...ENUM_VALUES.energyLabel, null]);
  });

  it.each([
    ['a wrong type', { ...valid, bedrooms: 'three' }, '/bedrooms must be integer,null'],
    ['a missing guid', { ...valid, guid: undefined }, "/ must have required property 'guid'"],
    ['a malformed guid', { ...valid, guid: 'not-a-guid' }, '/guid must match pattern'],
    ['an unknown status id', { ...valid, transaction: { statusId: 11 } }, '/transaction/statusId must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10'],
    ['a javascript: photo', { ...valid, pictures: [{ file: 'javascript:alert(1)' }] }, '/pictures/0/file must match pattern "^https?://"'],
    ['an ftp photo', { ...valid, pictures: [{ file: 'ftp://cdn.example/1.jpg' }] }, '/pictures/0/file must match pattern "^https?://"'],
    ['a value outside a SPEC enum', { ...valid, comfort: { heating: 'NUCLEAR' } }, '/comfort/heating must be one of'],
    ['a unit that breaks the rules', { ...valid, children: [{ ...valid, updatedAt: 'yesterday' }] }, '/children/0/updatedAt must match format "date-time"'],
  ])('rejects %s, saying where and why', (_, record, words) => {
    expect(feedListingProblem(record)).toEqual(expect.stringMatching(/^schema: /));
    expect(feedListingProblem(record)).toContain(words);
  });

  it('names the first three problems and counts the rest', () => {
    const problem = feedListingProblem({ ...valid, id: 'x', guid: 1, bedrooms: -1, bathrooms: 'two', headType: 'CASTLE' });
    expect(problem).toMatch(/^schema: [^;]+; [^;]+; [^;]+ \(\+\d+ more\)$/);
  });

  it('rejects what is not a listing at all', () => {
    expect(feedListingProblem(null)).toBe('schema: / must be object');
    expect(feedListingProblem('listing')).toBe('schema: / must be object');
  });

  it('ignores fields it does not describe, for exports that carry more', () => {
    expect(feedListingProblem({ ...valid, crmInternalCode: 'X-1', title: { nl: 'Huis', es: 'Casa' } })).toBeNull();
  });
});
