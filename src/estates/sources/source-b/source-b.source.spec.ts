import { collect } from '../../../../test/support/source-records.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR, PROJECT_ROOT } from '../../../utils/paths.js';
import { type SourceRecord, SourceUnavailableError } from '../estate-source.port.js';
import { type SourceBApi, SourceBFixtureApi } from './source-b.api.js';
import { SourceB } from './source-b.source.js';
import type { SourceBFeedPage, SourceBListing } from './source-b.types.js';

const example = JSON.parse(readFileSync(join(PROJECT_ROOT, 'docs/feed/example.json'), 'utf8')) as { items: SourceBListing[] };
const [house] = example.items;

/** A feed of one page holding `body` as it came over the wire. */
const feedOf = (body: unknown): SourceBApi => ({ page: async () => body as SourceBFeedPage, appointments: async () => [] });

const records = (source: SourceB): Promise<SourceRecord[]> => collect(source.fetchAll());

describe(SourceB.name, () => {
  it('the demo feed answers healthy', async () => {
    expect(await new SourceB(new SourceBFixtureApi(join(FIXTURES_DIR, 'source-b'))).health()).toEqual({ authenticated: true });
  });

  it('hides an unpublished listing and skips what is not a listing, mapping the rest', async () => {
    const page = { page: 1, nextPage: null, items: [null, { ...house, published: false }, 'listing', house] };
    expect(await records(new SourceB(feedOf(page)))).toEqual([
      { ok: false, sourceId: '?', error: 'schema: / must be object' },
      { ok: false, sourceId: house.guid, hidden: 'not published' },
      { ok: false, sourceId: '?', error: 'schema: / must be object' },
      { ok: true, estate: expect.objectContaining({ guid: house.guid, source: 'B' }) },
    ]);
  });

  it.each([
    ['no items', { page: 1, nextPage: null }, 'page 1 has no items'],
    ['no page at all', null, 'page 1 has no items'],
    ['a next page that is no page number', { page: 1, nextPage: '2', items: [] }, 'page 1: nextPage is neither a page number nor null'],
  ])('a page with %s makes the feed unavailable (the cache is kept)', async (_, body, reason) => {
    await expect(records(new SourceB(feedOf(body)))).rejects.toThrow(new SourceUnavailableError('B', reason));
  });

  it('a page that is not a page is reported by health, without throwing', async () => {
    expect(await new SourceB(feedOf({ error: 'maintenance' })).health()).toEqual({ authenticated: false, problem: 'page 1 has no items' });
  });
});
