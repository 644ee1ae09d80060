import { loadConfig } from '../../src/config/config.js';
import { createEstateSources } from '../../src/estates/sources/create-estate-sources.js';
import { createLeadSinks } from '../../src/estates/sources/create-lead-sinks.js';
import { type EstateSource, type FetchOptions, SourceUnavailableError } from '../../src/estates/sources/estate-source.port.js';
import type { LeadPayload } from '../../src/estates/sources/lead-sink.port.js';
import type { SourceAProperty } from '../../src/estates/sources/source-a/source-a.types.js';
import { type FakeCrmServer, fakeCrmEnv, startFakeCrm } from '../support/fake-crm-server.js';
import { standaloneProperties } from '../support/fake-zabun-server.js';
import { collect, errorsOf, estatesOf, hiddenOf } from '../support/source-records.js';


const [estates, errors, hidden] = [estatesOf, errorsOf, hiddenOf];

describe('source A against a fake Zabun CMS API', () => {
  let crm: FakeCrmServer;

  beforeEach(async () => {
    crm = await startFakeCrm();
  });

  afterEach(() => crm.stop());

  const sourceA = (env: Record<string, string> = {}): EstateSource => createEstateSources(loadConfig({ ...fakeCrmEnv(crm), ...env }))[0];
  const fetchA = (options?: FetchOptions, env?: Record<string, string>) => collect(sourceA(env).fetchAll(options));
  const searches = () => crm.zabun.calls.filter((call) => call.path === '/api/v1/property/search');
  const template = () => standaloneProperties(crm.sourceA.properties).find((property) => property.property_id === 1001)!;
  const property = (id: number) => crm.sourceA.properties.find((candidate) => candidate.property_id === id)!;
  const change = (id: number, fields: Partial<SourceAProperty>) => {
    crm.sourceA.properties = crm.sourceA.properties.map((candidate) => (candidate.property_id === id ? { ...candidate, ...fields } : candidate));
  };

  /** `count` plain listings (ids 1..count), all published to the website medium. */
  function catalogueOf(count: number): void {
    const base = template();
    crm.sourceA.properties = Array.from({ length: count }, (_, index) => ({ ...base, property_id: index + 1, reference: `R-${index + 1}` }));
    crm.sourceA.media = { '14': crm.sourceA.properties.map((listing) => listing.property_id!) };
  }

  describe('paging: pages from 0 until a page shorter than 100', () => {
    it.each([
      [100, [0, 1]],
      [101, [0, 1]],
      [0, [0]],
      [99, [0]],
      [250, [0, 1, 2]],
    ])('%i listings: search pages %j, every listing read', async (count, pages) => {
      catalogueOf(count);
      const records = await fetchA();
      expect(searches().map((call) => (call.body as { paging: { page: number } }).paging.page)).toEqual(pages);
      expect(searches().every((call) => (call.body as { paging: { size: number } }).paging.size === 100)).toBe(true);
      expect(estates(records).map((estate) => estate.id).sort((x, y) => x - y)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
    });

    it('an answer without `paging` is read like any other', async () => {
      catalogueOf(101);
      crm.sourceA.omitPaging = true;
      const records = await fetchA();
      expect(searches()).toHaveLength(2);
      expect(estates(records)).toHaveLength(101);
    });
  });

  describe('credentials', () => {
    it('sends api_key, client_id, server_id, the company id as X-CLIENT-ID, X-USER-ID when set, and Accept-Language', async () => {
      await fetchA(undefined, { SOURCE_A_USER_ID: '55', SOURCE_A_LANGUAGE: 'fr' });
      expect(crm.zabun.calls.length).toBeGreaterThan(3);
      for (const call of crm.zabun.calls) {
        expect(call.headers).toMatchObject({ api_key: 'secret-key', client_id: 'agency-42', server_id: 'srv-1', 'x-client-id': '7301', 'x-user-id': '55', 'accept-language': 'fr' });
      }
      crm.zabun.calls.length = 0;
      await fetchA();
      expect(crm.zabun.calls[0].headers['x-user-id']).toBeUndefined();
      expect(crm.zabun.calls[0].headers['accept-language']).toBe('nl');
    });

    it('a wrong company id makes the source unavailable, and health() names SOURCE_A_COMPANY_ID', async () => {
      const wrong = sourceA({ SOURCE_A_COMPANY_ID: 'agency-42' });
      await expect(collect(wrong.fetchAll())).rejects.toBeInstanceOf(SourceUnavailableError);
      const health = await wrong.health();
      expect(health).toEqual({ authenticated: false, problem: expect.stringContaining('HTTP 401 from auth/v1/heartbeat: check SOURCE_A_COMPANY_ID (sent as X-CLIENT-ID)') });
      expect(crm.zabun.calls.filter((call) => call.path === '/auth/v1/heartbeat')).toHaveLength(1);
    });

    it('right credentials answer healthy; so does the demo fixture API; an unreachable API is a problem, not a throw', async () => {
      await expect(sourceA().health()).resolves.toEqual({ authenticated: true });
      await expect(createEstateSources(loadConfig({}))[0].health()).resolves.toEqual({ authenticated: true });
      const down = sourceA({ SOURCE_A_BASE_URL: 'http://127.0.0.1:9/a' });
      await expect(down.health()).resolves.toMatchObject({ authenticated: false, problem: expect.stringContaining('auth/v1/heartbeat') });
    });

    it('SOURCE_A_COMPANY_ID is required with SOURCE_A_BASE_URL', () => {
      expect(() => loadConfig({ ...fakeCrmEnv(crm), SOURCE_A_COMPANY_ID: '' })).toThrow(/SOURCE_A_COMPANY_ID is required when SOURCE_A_BASE_URL is set/);
      expect(() => loadConfig({ SOURCE_A_COMPANY_ID: '' })).not.toThrow();
    });
  });

  describe('dictionaries', () => {
    it('reads option_items and the cities once per read, refreshed by the next', async () => {
      await fetchA();
      crm.sourceA.optionItems = { ...crm.sourceA.optionItems, types: (crm.sourceA.optionItems.types ?? []).filter((type) => type.id !== 5) };
      const second = await fetchA();
      expect(crm.zabun.calls.filter((call) => call.path === '/api/v1/property/option_items')).toHaveLength(2);
      expect(crm.zabun.calls.filter((call) => call.path === '/api/v1/geo/cities' && call.method === 'GET')).toHaveLength(2);
      for (const path of ['/api/v1/property/technicals', '/api/v1/property/evaluations', '/api/v1/property/videos/types', '/api/v1/property/technicals/4/dropdowns']) {
        expect(crm.zabun.calls.filter((call) => call.path === path)).toHaveLength(2);
      }
      expect(errors(second)).toContainEqual({ ok: false, sourceId: '1001', error: 'type_id 5 is not in the types dictionary' });
    });

    it('a missing required entry skips the record naming the id; a missing optional one leaves the field null', async () => {
      change(1001, { status_id: 42 });
      change(1002, { condition_id: 77, town_planning_id: 78 });
      const records = await fetchA();
      expect(errors(records)).toContainEqual({ ok: false, sourceId: '1001', error: 'status_id 42 is not in the status dictionary' });
      const optional = estates(records).find((estate) => estate.id === 1002)!;
      expect(optional.technical.condition).toBeNull();
      expect(optional.planning.recentDestination).toBeNull();
    });

    it('a listing whose city neither address.city_geo nor the geo dictionary knows is yielded with a city gap, not skipped', async () => {
      const { city_geo: _none, ...address } = property(1001).address!;
      change(1001, { address: { ...address, city_geo_id: 777777 } });
      const records = await fetchA();
      const record = records.find((candidate) => candidate.ok && candidate.estate.id === 1001);
      expect(record).toMatchObject({ ok: true, gaps: [{ field: 'city', reason: 'address.city_geo_id 777777 is not in the cities dictionary' }] });
      expect(errors(records).map((error) => error.sourceId)).not.toContain('1001');
    });

    it('technicals, evaluations and video types the account does not answer leave their fields empty, the listings shown', async () => {
      const routes = ['/api/v1/property/technicals', '/api/v1/property/evaluations', '/api/v1/property/videos/types'];
      crm.zabun.refuse = (path) => (routes.includes(path) ? 404 : null);
      try {
        const records = await fetchA();
        const listing = estates(records).find((estate) => estate.id === 1001)!;
        expect(listing.comfort.heating).toBeNull();
        expect(estates(records).length).toBeGreaterThanOrEqual(40);
        expect(estates(records).find((estate) => estate.id === 1002)!.videos.every((video) => video.typeId === 1)).toBe(true);
      } finally {
        crm.zabun.refuse = () => null;
      }
    });

    it('an account without GET api/v1/geo/cities is asked the city search for Belgium, page by page', async () => {
      crm.zabun.refuse = (path) => (path === '/api/v1/geo/cities' ? 404 : null);
      const { city_geo: _none, ...address } = property(1001).address!;
      change(1001, { address });
      const records = await fetchA();
      const searches = crm.zabun.calls.filter((call) => call.path === '/api/v1/geo/cities/search');
      expect(searches.map((call) => call.body)).toEqual([{ paging: { page: 0, size: 1000 }, filtering: { country_geo_ids: [23] } }]);
      expect(estates(records).find((estate) => estate.id === 1001)!.address.city).toMatchObject({ name: 'Gent', alias: { fr: 'Gand' } });
    });

    it('reads texts per language and as plain strings in the API language', async () => {
      change(1001, { title: 'Woning met tuin', description_short: { nl: 'Kort', fr: 'Court' } });
      const records = await fetchA();
      expect(estates(records).find((estate) => estate.id === 1001)).toMatchObject({ title: { nl: 'Woning met tuin' }, shortDescription: { nl: 'Kort', fr: 'Court' } });
    });
  });

  it('builds sales reps from the person list, phones as international text', async () => {
    crm.sourceA.persons = [{ person_id: 301, first_name: 'Sofie', last_name: 'Peeters', mobile_phone_cc: '+32', mobile_phone: '0475123456', direct_phone_cc: '32', direct_phone: '91234567' }];
    const records = await fetchA();
    expect(crm.zabun.calls.filter((call) => call.path.startsWith('/api/v1/person'))).toEqual([expect.objectContaining({ method: 'GET', path: '/api/v1/person' })]);
    expect(estates(records).find((estate) => estate.id === 1001)!.salesRep).toMatchObject({ firstname: 'Sofie', mobile: '+32 475 12 34 56', phone: '+32 9 123 45 67' });
  });

  describe('publication', () => {
    it('a listing not published to the website medium is hidden, without reading its detail', async () => {
      crm.sourceA.media = { '14': crm.sourceA.media['14']!.filter((id) => id !== 1002) };
      const records = await fetchA();
      expect(hidden(records)).toContainEqual({ ok: false, sourceId: '1002', hidden: 'not published to medium 14' });
      expect(estates(records).some((estate) => estate.id === 1002)).toBe(false);
      expect(crm.zabun.calls.some((call) => call.path === '/api/v1/property/1002')).toBe(false);
      expect(crm.zabun.calls.some((call) => call.path === '/api/v1/property/media-sync/14')).toBe(true);
    });

    it('SOURCE_A_MEDIUM_ID picks the medium; 0 turns the filter off', async () => {
      crm.sourceA.media = { '14': [], '9': [1001] };
      expect(estates(await fetchA(undefined, { SOURCE_A_MEDIUM_ID: '9' })).map((estate) => estate.id)).toEqual([1001]);
      expect(estates(await fetchA(undefined, { SOURCE_A_MEDIUM_ID: '0' })).length).toBeGreaterThan(40);
    });

    it('archived, deleted, unshown and non-public statuses are hidden with the reason', async () => {
      change(1001, { archived: true });
      change(1002, { deleted: true });
      change(1003, { show: false });
      change(1004, { status_id: 5 });
      const reasons = Object.fromEntries(hidden(await fetchA()).map((record) => [record.sourceId, record.hidden]));
      expect(reasons).toMatchObject({ '1001': 'archived', '1002': 'deleted', '1003': 'not shown (show is false)', '1004': 'status 5 (Ingetrokken) is not public' });
    });
  });

  describe('projects', () => {
    it('a project carries the units its child_properties name; units are not listings of their own', async () => {
      const records = await fetchA();
      const project = estates(records).find((estate) => estate.id === 1043)!;
      expect(project.isProject).toBe(true);
      expect(project.children.map((unit) => unit.id)).toEqual(property(1043).child_properties);
      expect(project.children.every((unit) => unit.parentId === 1043)).toBe(true);
      const ids = records.map((record) => (record.ok ? record.estate.id : Number(record.sourceId)));
      for (const unit of [1044, 1045, 1046, 1047]) expect(ids).not.toContain(unit);
    });

    it('the units of a project the site does not show are not listings of their own either', async () => {
      crm.sourceA.media = { '14': crm.sourceA.media['14']!.filter((id) => id !== 1043) };
      const records = await fetchA({ projectOf: (unit) => (['1044', '1045', '1046', '1047'].includes(unit) ? '1043' : null) });
      expect(hidden(records)).toContainEqual({ ok: false, sourceId: '1043', hidden: 'not published to medium 14' });
      const ids = records.map((record) => (record.ok ? record.estate.id : Number(record.sourceId)));
      for (const unit of [1044, 1045, 1046, 1047]) expect(ids).not.toContain(unit);
    });

    it('an unpublished unit is left out of its project', async () => {
      crm.sourceA.media = { '14': crm.sourceA.media['14']!.filter((id) => id !== 1045) };
      const project = estates(await fetchA()).find((estate) => estate.id === 1043)!;
      expect(project.children.map((unit) => unit.id)).toEqual([1044, 1046, 1047]);
    });
  });

  describe('incremental read', () => {
    const since = new Date('2030-01-01T00:00:00Z');
    const later = '2030-01-02T00:00:00Z';

    it('sends updated_since and yields only what changed', async () => {
      change(1001, { changed: later, price: 1 });
      const records = await fetchA({ since });
      expect(searches().map((call) => call.body)).toEqual([
        { paging: { page: 0, size: 100 }, filtering: { updated_since: since.toISOString() }, sorting: { sort: 'MOST_RECENT', order: 'DESC' } },
      ]);
      expect(records).toEqual([{ ok: true, estate: expect.objectContaining({ id: 1001, price: expect.objectContaining({ value: 1 }) }) }]);
    });

    it('a changed unit re-yields its whole project, found through projectOf', async () => {
      change(1045, { changed: later, price: 99 });
      const records = await fetchA({ since, projectOf: (unit) => (unit === '1045' ? '1043' : null) });
      expect(records).toHaveLength(1);
      const project = estates(records)[0];
      expect(project.id).toBe(1043);
      expect(project.children.map((unit) => [unit.id, unit.price.value === 99])).toEqual([[1044, false], [1045, true], [1046, false], [1047, false]]);
    });

    it('a changed unit whose project also changed comes once, inside it', async () => {
      change(1043, { changed: later });
      change(1046, { changed: later });
      const records = await fetchA({ since });
      expect(records.map((record) => (record.ok ? record.estate.id : record.sourceId))).toEqual([1043]);
      expect(estates(records)[0].children).toHaveLength(4);
    });

    it('a listing unpublished since is yielded as hidden, so the sync can remove it', async () => {
      change(1001, { changed: later, publish: false });
      expect(await fetchA({ since })).toEqual([{ ok: false, sourceId: '1001', hidden: 'not published (publish is false)' }]);
    });
  });

  describe('appointments', () => {
    it('are read only when SOURCE_A_APPOINTMENTS_PATH is set (unconfirmed endpoint)', async () => {
      expect(sourceA({ SOURCE_A_APPOINTMENTS_PATH: '' }).fetchAppointments).toBeUndefined();
      expect((await sourceA().fetchAppointments!()).length).toBe(crm.sourceA.appointments.length);
      expect(createEstateSources(loadConfig({}))[0].fetchAppointments).toBeDefined();
    });
  });

  describe('leads', () => {
    const lead = (fields: Partial<LeadPayload>): LeadPayload => ({
      id: 'lead-1',
      kind: 'extra-info',
      createdAt: '2030-01-01T10:00:00.000Z',
      locale: 'fr',
      contact: { name: 'Marie Claire Dubois', email: 'marie@example.be', phone: '+32 470 11 22 33' },
      message: 'Encore disponible ?',
      propertyId: '1001',
      searchProfile: null,
      ...fields,
    });
    const deliver = (payload: LeadPayload) => createLeadSinks(loadConfig(fakeCrmEnv(crm))).get('A')!.deliver(payload);
    const contact = { first_name: 'Marie', last_name: 'Claire Dubois', email: 'marie@example.be', phone: '+32 470 11 22 33', language: 'fr' };

    it.each(['extra-info', 'send-to-friend', 'contact', 'booking', 'cancellation', 'subscription'])('%s is a contact message about the listing', async (kind) => {
      await deliver(lead({ kind }));
      expect(crm.leads.a).toEqual([
        {
          endpoint: 'contactmessage',
          body: { contact, message: { text: 'Encore disponible ?', property_id: 1001, info: expect.arrayContaining([`website lead: ${kind}`, 'reference: lead-1']) } },
        },
      ]);
      expect(crm.zabun.calls.at(-1)!.headers).toMatchObject({ 'x-client-id': '7301', api_key: 'secret-key' });
    });

    it('a lead about no listing has no property_id', async () => {
      await deliver(lead({ kind: 'contact', propertyId: null }));
      expect(crm.leads.a[0].body).toMatchObject({ message: { property_id: null } });
    });

    it('a confirmed subscription is a contact request, its search profile in Zabun ids', async () => {
      await deliver(
        lead({
          kind: 'subscription',
          message: '',
          searchProfile: { transaction: 'rent', headTypes: ['APARTMENT'], subTypes: ['LOFT', 'NOT_A_TYPE'], locations: ['Gent', '1000', 'Atlantis'], priceMin: null, priceMax: 1200, bedroomsMin: 2 },
        }),
      );
      expect(crm.leads.a).toEqual([
        {
          endpoint: 'contactrequest',
          body: { contact, request: { price: { max: 1200 }, bedrooms: { min: 2 }, cities: [1000, 9000].sort(), transactions: [2], headtypes: [2], types: [15] } },
        },
      ]);
    });

    it('a search profile with nothing Zabun can take sends only the contact', async () => {
      await deliver(lead({ kind: 'subscription', message: '', searchProfile: { transaction: null, headTypes: [], subTypes: [], locations: [], priceMin: null, priceMax: null, bedroomsMin: null } }));
      expect(crm.leads.a).toEqual([{ endpoint: 'contactrequest', body: { contact, request: {} } }]);
    });

    it('a refused lead throws, so the job queue retries it', async () => {
      crm.leads.failure = 'once-500';
      await expect(deliver(lead({}))).rejects.toThrow(/500/);
      expect(crm.leads.a).toEqual([]);
    });
  });
});
