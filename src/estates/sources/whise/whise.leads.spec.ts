import { FAKE_WHISE_CREDENTIALS, FakeWhiseServer, whiseEstate } from '../../../../test/support/fake-whise-server.js';
import type { LeadPayload } from '../lead-sink.port.js';
import { WhiseApiError, WhiseHttpApi } from './whise.api.js';
import { WhiseLeadSink } from './whise.leads.js';

let server: FakeWhiseServer;
let sut: WhiseLeadSink;

beforeEach(async () => {
  server = new FakeWhiseServer();
  await server.start();
  const api = new WhiseHttpApi({ baseUrl: server.url, timeoutMs: 2000, retries: 0, backoffMs: 1 }, FAKE_WHISE_CREDENTIALS);
  sut = new WhiseLeadSink(api, { officeId: FAKE_WHISE_CREDENTIALS.officeId, language: 'nl-BE' });
});

afterEach(async () => {
  await server.stop();
});

const question: LeadPayload = {
  id: 'lead-1',
  kind: 'extra-info',
  createdAt: '2026-05-01T09:00:00Z',
  locale: 'fr',
  contact: { name: 'Marie Claire Dubois', email: 'marie@example.be', phone: '+32 470 12 34 56' },
  message: 'Is the garden south-facing?',
  propertyId: '3515113',
  searchProfile: null,
};

describe(WhiseLeadSink.name, () => {
  it('upserts a question as a contact matched on PrivateEmail, linked to the estate, with the message', async () => {
    await sut.deliver(question);
    const call = server.requests.find((request) => request.path === '/v1/contacts/upsert')!;
    expect(call.authorization).toMatch(/^Bearer ey/);
    expect(server.contacts).toEqual([
      {
        FirstName: 'Marie',
        Name: 'Claire Dubois',
        PrivateEmail: 'marie@example.be',
        PrivateTel: '+32 470 12 34 56',
        CountryId: 1,
        LanguageId: 'fr-BE',
        OfficeIds: [6644],
        EstateIds: [3515113],
        Comments: '[extra-info] Is the garden south-facing?',
      },
    ]);
  });

  it('sends the configured country (WHISE_COUNTRY_ID)', async () => {
    const api = new WhiseHttpApi({ baseUrl: server.url, timeoutMs: 2000, retries: 0, backoffMs: 1 }, FAKE_WHISE_CREDENTIALS);
    await new WhiseLeadSink(api, { officeId: FAKE_WHISE_CREDENTIALS.officeId, language: 'nl-BE', countryId: 2 }).deliver(question);
    expect(server.contacts[0]).toMatchObject({ CountryId: 2 });
  });

  it('sends a confirmed subscription with its search as SearchCriteria', async () => {
    await sut.deliver({
      ...question,
      id: 'lead-2',
      kind: 'subscription',
      locale: 'nl',
      contact: { name: 'Piet', email: 'piet@example.be', phone: null },
      message: 'Keep me informed',
      propertyId: null,
      searchProfile: { transaction: 'buy', headTypes: ['HOUSE', 'COMMERCIAL'], subTypes: [], locations: ['9000', 'Gent'], priceMin: 200000, priceMax: 400000, bedroomsMin: 3 },
    });
    expect(server.contacts).toEqual([
      {
        FirstName: '',
        Name: 'Piet',
        PrivateEmail: 'piet@example.be',
        CountryId: 1,
        LanguageId: 'nl-BE',
        OfficeIds: [6644],
        Comments: '[subscription] Keep me informed\nLocations: 9000, Gent',
        SearchCriteria: [1, 4, 5, 6].map((CategoryId) => ({ PurposeId: 1, CategoryId, CountryId: 1, PriceMin: 200000, PriceMax: 400000, MinRooms: 3 })),
      },
    ]);
  });

  it('names the flat subcategories a subscription asks for (SubcategoryId)', async () => {
    await sut.deliver({
      ...question,
      kind: 'subscription',
      propertyId: null,
      searchProfile: { transaction: 'rent', headTypes: ['APARTMENT'], subTypes: ['DUPLEX', 'LOFT'], locations: [], priceMin: null, priceMax: 1200, bedroomsMin: null },
    });
    expect(server.contacts[0]!.SearchCriteria).toEqual([
      { PurposeId: 2, CategoryId: 2, CountryId: 1, PriceMax: 1200, SubcategoryId: 18 },
      { PurposeId: 2, CategoryId: 2, CountryId: 1, PriceMax: 1200, SubcategoryId: 23 },
    ]);
  });

  it('fails (so the job retries) when Whise refuses the body, with its validation message', async () => {
    const error = await sut.deliver({ ...question, contact: { ...question.contact, email: undefined as unknown as string } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WhiseApiError);
    expect((error as Error).message).toContain('PrivateEmail is required');
  });

  it("fails with Whise's message on a server error", async () => {
    server.failures.set('contacts', 1);
    const error = await sut.deliver(question).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'WhiseApiError', status: 500 });
    expect((error as Error).message).toMatch(/HTTP 500 .*Database timeout while serving contacts/);
  });
});

describe('a viewing request', () => {
  const viewing: LeadPayload = {
    ...question,
    id: 'lead-3',
    kind: 'viewing',
    locale: 'nl',
    message: 'Bezoekaanvraag (te bevestigen)\n1. dinsdag 1 december 2026, voormiddag (9–12 u)\n2. woensdag 2 december 2026, namiddag (14–18 u)',
    viewing: {
      slots: [
        { date: '2026-12-01', halfDay: 'am', start: '2026-12-01T09:00:00+01:00', end: '2026-12-01T12:00:00+01:00' },
        { date: '2026-12-02', halfDay: 'pm', start: '2026-12-02T14:00:00+01:00', end: '2026-12-02T18:00:00+01:00' },
      ],
    },
  };

  const sink = (options: { viewingUserId?: number } = {}) =>
    new WhiseLeadSink(new WhiseHttpApi({ baseUrl: server.url, timeoutMs: 2000, retries: 0, backoffMs: 1 }, FAKE_WHISE_CREDENTIALS), {
      officeId: FAKE_WHISE_CREDENTIALS.officeId,
      language: 'nl-BE',
      viewingActionId: 17,
      ...options,
    });

  it("becomes a calendar event (calendars/upsert) of the viewing-request action for the listing's representative and the contact", async () => {
    server.estates = [whiseEstate(3515113)];
    await sink({ viewingUserId: 99 }).deliver(viewing);
    expect(server.contacts).toHaveLength(1);
    const paths = server.requests.map((request) => request.path).filter((path) => path.startsWith('/v1/'));
    expect(paths).toEqual(['/v1/admin/clients/token', '/v1/contacts/upsert', '/v1/estates/list', '/v1/calendars/upsert']);
    expect(server.requests.find((request) => request.path === '/v1/estates/list')!.body).toMatchObject({ Filter: { EstateIds: [3515113], ShowRepresentatives: true } });
    expect(server.createdEvents).toEqual([
      {
        Subject: 'Bezoekaanvraag (te bevestigen) – Marie Claire Dubois',
        StartDateTime: '2026-12-01T09:00:00+01:00',
        EndDateTime: '2026-12-01T12:00:00+01:00',
        AllDay: false,
        CalendarActionId: 17,
        UserIds: [7],
        EstateIds: [3515113],
        ContactIds: [1001],
        Comments: viewing.message,
      },
    ]);
  });

  it('is for WHISE_VIEWING_USER_ID when the listing names no representative', async () => {
    server.estates = [whiseEstate(3515113, { representatives: [] })];
    await sink({ viewingUserId: 99 }).deliver(viewing);
    expect(server.createdEvents).toMatchObject([{ UserIds: [99] }]);
  });

  it('falls back to WHISE_VIEWING_USER_ID when the listing cannot be read, and fails (to retry) without it', async () => {
    server.estates = [whiseEstate(3515113)];
    server.failures.set('estates', 1);
    await sink({ viewingUserId: 99 }).deliver(viewing);
    expect(server.createdEvents).toMatchObject([{ UserIds: [99] }]);
    server.failures.set('estates', 1);
    await expect(sink().deliver(viewing)).rejects.toMatchObject({ name: 'WhiseApiError', status: 500 });
  });

  it('stays a contact when neither the listing nor the settings name a user (Whise requires UserIds)', async () => {
    server.estates = [];
    await sink().deliver(viewing);
    expect(server.contacts).toHaveLength(1);
    expect(server.createdEvents).toEqual([]);
  });

  it('stays a contact with the slots in its comments when no action is configured', async () => {
    await sut.deliver(viewing);
    expect(server.createdEvents).toEqual([]);
    expect(server.contacts[0]!.Comments).toBe(`[viewing] ${viewing.message}`);
  });
});
