import { loadConfig } from '../../src/config/config.js';
import { createLeadSinks } from '../../src/estates/sources/create-lead-sinks.js';
import type { LeadPayload } from '../../src/estates/sources/lead-sink.port.js';
import { type FakeCrmServer, fakeCrmEnv, startFakeCrm } from '../support/fake-crm-server.js';

/** Leads as Zabun takes them (esign/craft-formie-zabun src/integrations/crm/Zabun.php; docs/crm/zabun.md). */
describe('Zabun leads', () => {
  let crm: FakeCrmServer;

  beforeEach(async () => {
    crm = await startFakeCrm();
  });

  afterEach(() => crm.stop());

  const lead = (fields: Partial<LeadPayload>): LeadPayload => ({
    id: 'lead-7',
    kind: 'contact',
    createdAt: '2030-01-01T10:00:00.000Z',
    locale: 'nl',
    contact: { name: 'Jan Peeters', email: 'jan@example.be', phone: null },
    message: 'Graag meer info.',
    propertyId: '1001',
    searchProfile: null,
    ...fields,
  });
  const deliver = (payload: LeadPayload) => createLeadSinks(loadConfig(fakeCrmEnv(crm))).get('A')!.deliver(payload);
  const contactOf = (index = 0) => crm.leads.a[index]!.body.contact as Record<string, unknown>;

  it('a visitor who typed one name: it is the last name Zabun requires, the first name empty', async () => {
    await deliver(lead({ contact: { name: '  Madonna ', email: 'm@example.be', phone: null } }));
    expect(contactOf()).toMatchObject({ first_name: '', last_name: 'Madonna' });
  });

  it('two names or more: the first is the first name, the rest the last name', async () => {
    await deliver(lead({ contact: { name: 'Anne Van den Broeck', email: 'a@example.be', phone: null } }));
    expect(contactOf()).toMatchObject({ first_name: 'Anne', last_name: 'Van den Broeck' });
  });

  it('the fake refuses a contact without last_name, as Zabun does (the job queue would retry it forever)', async () => {
    const response = await fetch(`${crm.url}/a/api/v1/contactmessage`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', api_key: 'secret-key', client_id: 'agency-42', server_id: 'srv-1', 'X-CLIENT-ID': '7301' },
      body: JSON.stringify({ contact: { first_name: 'Madonna', last_name: '' }, message: { text: 'x' } }),
    });
    expect(response.status).toBe(422);
  });

  it("a search profile is sent in the account's own ids, found by the dictionaries' names", async () => {
    const optionItems = crm.sourceA.optionItems;
    // This account numbers transactions and head types its own way.
    crm.sourceA.optionItems = {
      ...optionItems,
      transactions: [{ id: 71, name: { nl: 'Te huur', fr: 'À louer' } }, { id: 72, name: { nl: 'Te koop', fr: 'À vendre' } }],
      head_types: (optionItems.head_types ?? []).map((entry) => ({ ...entry, id: entry.id! + 500 })),
      types: (optionItems.types ?? []).map((entry) => ({ ...entry, head_type_id: entry.head_type_id! + 500 })),
    };
    await deliver(lead({ kind: 'subscription', message: '', searchProfile: { transaction: 'buy', headTypes: ['APARTMENT'], subTypes: ['LOFT'], locations: ['Gand'], priceMin: null, priceMax: null, bedroomsMin: null } }));
    const loft = (optionItems.types ?? []).find((entry) => (entry.name as { en?: string }).en === 'Loft')!.id;
    expect(crm.leads.a[0]!.body.request).toEqual({ cities: [9000], transactions: [72], headtypes: [502], types: [loft] });
  });
});
