import { collect } from '../../../../test/support/source-records.js';
import { FAKE_WHISE_CREDENTIALS, FakeWhiseServer, whiseEstate } from '../../../../test/support/fake-whise-server.js';
import { isHidden, type SourceRecord, SourceUnavailableError } from '../estate-source.port.js';
import { FetchBudget, withFetchBudget } from '../http-client.js';
import { DEFAULT_TOKEN_LIFETIME_MS, WhiseHttpApi } from './whise.api.js';
import { WhiseSource } from './whise.source.js';

/** A clock both the client and the fake read: tests move it instead of waiting. */
const clock = { now: Date.parse('2026-05-01T09:00:00Z') };
const now = () => clock.now;

let server: FakeWhiseServer;

beforeEach(async () => {
  clock.now = Date.parse('2026-05-01T09:00:00Z');
  server = new FakeWhiseServer(FAKE_WHISE_CREDENTIALS, now);
  await server.start();
});

afterEach(async () => {
  await server.stop();
});

function api(credentials: Partial<typeof FAKE_WHISE_CREDENTIALS> = {}, retries = 0): WhiseHttpApi {
  return new WhiseHttpApi({ baseUrl: server.url, timeoutMs: 2000, retries, backoffMs: 1 }, { ...FAKE_WHISE_CREDENTIALS, ...credentials }, now);
}

function source(options: { appointments?: boolean; credentials?: Partial<typeof FAKE_WHISE_CREDENTIALS> } = {}): WhiseSource {
  return new WhiseSource(api(options.credentials), { language: 'nl-BE', appointments: options.appointments ?? false, now: () => new Date(clock.now) });
}

const readAll = (sut: WhiseSource): Promise<SourceRecord[]> => collect(sut.fetchAll());

const listCalls = () => server.requests.filter((request) => request.path === '/v1/estates/list');

describe('WhiseSource: the two-step token', () => {
  it('logs in as the user, then as the client, and uses the client token on every list call', async () => {
    server.estates = [whiseEstate(1)];
    await readAll(source());
    expect(server.requests.map((request) => request.path)).toEqual(['/token', '/v1/admin/clients/token', '/v1/estates/list']);
    const [token, client, list] = server.requests;
    expect(token.body).toEqual({ Username: FAKE_WHISE_CREDENTIALS.username, Password: FAKE_WHISE_CREDENTIALS.password });
    expect(token.authorization).toBeUndefined();
    expect(client.body).toEqual({ ClientId: FAKE_WHISE_CREDENTIALS.clientId, OfficeId: FAKE_WHISE_CREDENTIALS.officeId });
    expect(client.authorization).toMatch(/^Bearer ey/);
    expect(list.authorization).toMatch(/^Bearer ey/);
    expect(list.authorization).not.toBe(client.authorization);
  });

  it('keeps the client token while it is valid and renews it before it expires', async () => {
    server.tokenLifetimeSeconds = 3600;
    const sut = source();
    await readAll(sut);
    clock.now += 50 * 60_000;
    await readAll(sut);
    expect(server.clientTokensIssued).toBe(1);
    // 56 minutes in: less than the renewal margin left, so a new token before the call.
    clock.now += 6 * 60_000;
    await readAll(sut);
    expect(server.clientTokensIssued).toBe(2);
    const lists = listCalls();
    expect(lists[2].authorization).not.toBe(lists[0].authorization);
  });

  it('renews the token after a 401 once, and the read goes through', async () => {
    const sut = source();
    await readAll(sut);
    server.revokeClientTokens();
    server.estates = [whiseEstate(1)];
    const records = await readAll(sut);
    expect(records).toHaveLength(1);
    expect(server.clientTokensIssued).toBe(2);
  });

  it('renews a token that carries no expiry after a safe default lifetime', async () => {
    server.jwtTokens = false;
    const sut = source();
    await readAll(sut);
    clock.now += DEFAULT_TOKEN_LIFETIME_MS - 6 * 60_000;
    await readAll(sut);
    expect(server.clientTokensIssued).toBe(1);
    clock.now += 2 * 60_000;
    await readAll(sut);
    expect(server.clientTokensIssued).toBe(2);
  });
});

describe('WhiseSource: wrong credentials', () => {
  it('health names the user settings when the first step is refused', async () => {
    await expect(source({ credentials: { password: 'wrong' } }).health()).resolves.toEqual({
      authenticated: false,
      problem: 'HTTP 401 from token: Authorization has been denied for this request.: check WHISE_USERNAME / WHISE_PASSWORD',
    });
  });

  it('health names the client settings when the second step is refused', async () => {
    const health = await source({ credentials: { officeId: 1 } }).health();
    expect(health.authenticated).toBe(false);
    expect(health.problem).toMatch(/^HTTP 401 from v1\/admin\/clients\/token.*check WHISE_CLIENT_ID \/ WHISE_OFFICE_ID$/);
  });

  it('health says authenticated when both steps pass', async () => {
    await expect(source().health()).resolves.toEqual({ authenticated: true });
  });

  it('health never throws, also when Whise cannot be reached', async () => {
    const unreachable = new WhiseSource(
      new WhiseHttpApi({ baseUrl: 'http://127.0.0.1:9/', timeoutMs: 500, retries: 0, backoffMs: 1 }, FAKE_WHISE_CREDENTIALS, now),
      { language: 'nl-BE', appointments: false },
    );
    const health = await unreachable.health();
    expect(health.authenticated).toBe(false);
    expect(health.problem).toMatch(/from token/);
  });

  it.each([
    [{ password: 'wrong' }, 'WHISE_USERNAME / WHISE_PASSWORD'],
    [{ clientId: 1 }, 'WHISE_CLIENT_ID / WHISE_OFFICE_ID'],
  ])('fetchAll with %j is a SourceUnavailableError naming %s', async (credentials, settings) => {
    const error = await readAll(source({ credentials })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceUnavailableError);
    expect((error as Error).message).toContain(settings);
  });

  it("a failing list call carries Whise's own message", async () => {
    server.failures.set('estates', 5);
    const error = await readAll(source()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceUnavailableError);
    expect((error as Error).message).toContain('HTTP 500');
    expect((error as Error).message).toContain('Database timeout while serving estates');
  });
});

describe('WhiseSource: paging by offset', () => {
  const estates = (count: number) => Array.from({ length: count }, (_, index) => whiseEstate(1000 + index));

  it.each([
    [0, true, [0]],
    [100, true, [0]],
    [100, false, [0, 100]],
    [101, true, [0, 100]],
    [101, false, [0, 100]],
    [250, true, [0, 100, 200]],
  ])('%i estates (totalCount given: %s) are read with offsets %j, each once', async (count, withTotal, offsets) => {
    server.estates = estates(count);
    server.omitTotalCount = !withTotal;
    const records = await readAll(source());
    expect(listCalls().map((call) => (call.body.Page as { Offset: number }).Offset)).toEqual(offsets);
    expect(listCalls().every((call) => (call.body.Page as { Limit: number }).Limit === 100)).toBe(true);
    expect(records).toHaveLength(count);
    expect(new Set(records.map((record) => (record.ok ? record.estate.id : null))).size).toBe(count);
  });

  it('asks for details, representatives, the languages and a stable order, and no update range in a full read', async () => {
    await readAll(source());
    expect(listCalls()[0]!.body).toEqual({
      Filter: { ShowDetails: true, ShowRepresentatives: true, LanguageIds: ['nl-BE', 'fr-BE', 'en-GB', 'de-DE'] },
      Sort: [{ Field: 'id', Ascending: true }],
      Page: { Limit: 100, Offset: 0 },
    });
  });

  it('maps each page as it comes, and a page that fails later makes the whole read unavailable', async () => {
    server.estates = estates(150);
    const records: SourceRecord[] = [];
    const error = await (async () => {
      for await (const record of source().fetchAll()) {
        records.push(record);
        // The first page is mapped before the second is asked for.
        if (records.length === 1) server.failures.set('estates', 5);
      }
    })().catch((caught: unknown) => caught);
    expect(records).toHaveLength(100);
    expect(error).toBeInstanceOf(SourceUnavailableError);
    expect((error as Error).message).toContain('Database timeout while serving estates');
  });

  it("counts pages and records against the sync's budget", async () => {
    server.estates = estates(150);
    const budget = new FetchBudget({ maxPages: 1, maxRecords: 1000, maxBytes: 10_000_000 });
    const error = await withFetchBudget(budget, () => readAll(source())).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SourceUnavailableError);
    expect((error as Error).message).toContain('more than 1 pages');
  });
});

describe('WhiseSource: records', () => {
  it('hides preparation and other non-public states with why, and shows sold and rented ones as such', async () => {
    server.estates = [
      whiseEstate(1, { purposeStatus: { id: 20 } }),
      whiseEstate(2, { purposeStatus: { id: 8 } }),
      whiseEstate(3, { purposeStatus: { id: 3 } }),
      whiseEstate(4, { purpose: { id: 2 }, purposeStatus: { id: 4 } }),
    ];
    const records = await readAll(source());
    expect(records.filter(isHidden)).toEqual([
      { ok: false, sourceId: '1', hidden: 'purpose status 20 (preparation) is not public' },
      { ok: false, sourceId: '2', hidden: 'purpose status 8 (cancelled) is not public' },
    ]);
    const shown = records.flatMap((record) => (record.ok ? [[record.estate.id, record.estate.transaction.status]] : []));
    expect(shown).toEqual([
      [3, 'SOLD'],
      [4, 'RENTED'],
    ]);
  });

  it('skips a malformed estate with its id and keeps the rest', async () => {
    server.estates = [whiseEstate(1), whiseEstate(2, { category: undefined }), whiseEstate(3)];
    const records = await readAll(source());
    expect(records.filter((record) => !record.ok)).toEqual([{ ok: false, sourceId: '2', error: 'missing category.id' }]);
    expect(records.filter((record) => record.ok)).toHaveLength(2);
  });

  it("puts a project's units under it; a unit whose project is not read is hidden", async () => {
    server.estates = [whiseEstate(10, { canHaveChildren: true }), whiseEstate(11, { parentId: 10 }), whiseEstate(12, { parentId: 10, purposeStatus: { id: 3 } }), whiseEstate(13, { parentId: 99 })];
    const records = await readAll(source());
    const project = records.find((record) => record.ok && record.estate.id === 10);
    expect(project?.ok && project.estate.isProject).toBe(true);
    expect(project?.ok && project.estate.children.map((unit) => [unit.id, unit.parentId, unit.transaction.status])).toEqual([
      [11, 10, 'FOR_SALE'],
      [12, 10, 'SOLD'],
    ]);
    expect(records.filter((record) => record.ok)).toHaveLength(1);
    expect(records.filter(isHidden)).toEqual([{ ok: false, sourceId: '13', hidden: 'unit of project 99, which is not published' }]);
  });

  it('hides a unit of an estate Whise does not mark as a project, saying so', async () => {
    server.estates = [whiseEstate(10), whiseEstate(11, { parentId: 10 })];
    const records = await readAll(source());
    expect(records.filter(isHidden)).toEqual([{ ok: false, sourceId: '11', hidden: 'unit of estate 10, which Whise does not mark as a project (canHaveChildren)' }]);
  });
});

describe('WhiseSource: incremental reads', () => {
  const since = new Date('2026-03-01T00:00:00Z');
  const changed = (id: number, overrides: Record<string, unknown> = {}) => whiseEstate(id, { updateDateTime: '2026-03-02T08:00:00.5', ...overrides });
  const old = (id: number, overrides: Record<string, unknown> = {}) => whiseEstate(id, { updateDateTime: '2026-02-01T08:00:00.5', ...overrides });

  it('is incremental: asks only for what changed since, in every status and display status', async () => {
    server.estates = [old(1), changed(2), changed(3, { displayStatusId: 1 }), changed(4, { status: { id: 5 } })];
    const sut = source();
    expect(sut.incremental).toBe(true);
    const records = await collect(sut.fetchAll({ since }));
    expect(listCalls()[0]!.body.Filter).toEqual({
      ShowDetails: true,
      ShowRepresentatives: true,
      LanguageIds: ['nl-BE', 'fr-BE', 'en-GB', 'de-DE'],
      UpdateDateTimeRange: { Min: '2026-03-01T00:00:00.000Z' },
      StatusIds: [1, 5, 6],
      DisplayStatusIds: [1, 2, 3, 4, 5],
    });
    expect(records.filter((record) => record.ok).map((record) => record.ok && record.estate.id)).toEqual([2]);
    // Taken offline or archived since: yielded hidden, so the sync removes them now rather than at the reconciliation.
    expect(records.filter(isHidden)).toEqual([
      { ok: false, sourceId: '3', hidden: 'offline in Whise (display status 1)' },
      { ok: false, sourceId: '4', hidden: 'archived in Whise (status 5)' },
    ]);
  });

  it("re-reads a changed unit's project whole, with every unit, by ProjectId", async () => {
    server.estates = [old(10, { canHaveChildren: true }), changed(11, { parentId: 10 }), old(12, { parentId: 10 }), old(20)];
    const records = await collect(source().fetchAll({ since }));
    expect(listCalls().map((call) => (call.body.Filter as { ProjectId?: number }).ProjectId)).toEqual([undefined, 10]);
    expect(records).toHaveLength(1);
    const [project] = records;
    expect(project!.ok && project!.estate.children.map((unit) => unit.id)).toEqual([11, 12]);
  });

  it("finds a changed unit's project from the cache when the unit does not name it", async () => {
    server.estates = [old(10, { canHaveChildren: true }), old(11, { parentId: 10 }), changed(12)];
    const records = await collect(source().fetchAll({ since, projectOf: (id) => (id === '12' ? '10' : null) }));
    expect(listCalls().map((call) => (call.body.Filter as { ProjectId?: number }).ProjectId)).toEqual([undefined, 10]);
    expect(records.filter((record) => record.ok).map((record) => record.ok && record.estate.id)).toEqual([12, 10]);
  });
});

describe('WhiseSource: appointments', () => {
  const event = {
    id: 501,
    startDateTime: '2026-05-03T14:00:00Z',
    endDateTime: '2026-05-03T14:30:00Z',
    subject: 'Bezoek',
    estates: [{ estateId: 1 }],
    contacts: [{ contactId: 9, firstName: 'Jan', name: 'Janssens', privateEmail: 'jan@example.be', privateTel: '+32 470 00 00 00', languageId: 'fr-BE' }],
    users: [{ userId: 3, firstName: 'Els', name: 'Peeters', email: 'els@agency.example' }],
  };

  it('are not read unless configured', async () => {
    expect(source().fetchAppointments).toBeUndefined();
  });

  it('are read from the calendar from now on when configured; events without a visitor or estate are left out', async () => {
    server.calendars = [event, { ...event, id: 502, contacts: [] }, { ...event, id: 503, estates: [] }, { ...event, id: 504, startDateTime: 'soon' }];
    const appointments = await source({ appointments: true }).fetchAppointments!();
    expect(appointments).toEqual([
      {
        sourceId: '501',
        listingSourceId: '1',
        startsAt: new Date('2026-05-03T14:00:00Z'),
        cancelled: false,
        visitor: { name: 'Jan Janssens', email: 'jan@example.be', phone: '+32 470 00 00 00', locale: 'fr' },
        agent: { name: 'Els Peeters', email: 'els@agency.example' },
      },
    ]);
    const call = server.requests.find((request) => request.path === '/v1/calendars/list')!;
    expect(call.body).toMatchObject({ Filter: { DateTimeRange: { Min: '2026-05-01T09:00:00.000Z' } }, Field: { Included: ['estates'] }, Page: { Limit: 100, Offset: 0 } });
  });

  it('leaves out website viewing requests (WHISE_VIEWING_ACTION_ID) until the agent gives them another action', async () => {
    server.calendars = [{ ...event, action: { id: 17 } }, { ...event, id: 505, action: { id: 4 } }];
    const sut = new WhiseSource(api(), { language: 'nl-BE', appointments: true, viewingRequestActionId: 17, now: () => new Date(clock.now) });
    expect((await sut.fetchAppointments!()).map((appointment) => appointment.sourceId)).toEqual(['505']);
  });
});
