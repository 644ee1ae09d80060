import { FAKE_WHISE_CREDENTIALS, FakeWhiseServer, fakeWhiseEnv } from '../../../../test/support/fake-whise-server.js';
import { ConfigError, loadConfig } from '../../../config/config.js';
import { createEstateSources } from '../create-estate-sources.js';
import { createLeadSinks } from '../create-lead-sinks.js';

const WHISE = { WHISE_USERNAME: 'agency@example.be', WHISE_PASSWORD: 'secret', WHISE_CLIENT_ID: '4668', WHISE_OFFICE_ID: '6644' };

describe('Whise configuration', () => {
  it('is off without WHISE_USERNAME: no W source, no W lead sink (the demo stays A and B)', () => {
    const config = loadConfig({});
    expect(config.whise).toBeNull();
    expect(createEstateSources(config).map((source) => source.name)).toEqual(['A', 'B']);
    expect(createLeadSinks(config).has('W')).toBe(false);
  });

  it('is on with the four settings, with defaults for the rest', () => {
    const config = loadConfig(WHISE);
    expect(config.whise).toEqual({ username: 'agency@example.be', password: 'secret', clientId: 4668, officeId: 6644 });
    expect(config).toMatchObject({ WHISE_BASE_URL: 'https://api.whise.eu/', WHISE_LANGUAGE: 'nl-BE', WHISE_APPOINTMENTS: false });
    const sources = createEstateSources(config);
    // Whise alone: no demo source beside the agency's CRM.
    expect(sources.map((source) => source.name)).toEqual(['W']);
    expect(sources[0].fetchAppointments).toBeUndefined();
    expect(createLeadSinks(config).get('W')?.source).toBe('W');
  });

  it('reads the calendar only with WHISE_APPOINTMENTS', () => {
    const [whise] = createEstateSources(loadConfig({ ...WHISE, WHISE_APPOINTMENTS: 'true' }));
    expect(whise.fetchAppointments).toBeInstanceOf(Function);
  });

  it.each(['WHISE_PASSWORD', 'WHISE_CLIENT_ID', 'WHISE_OFFICE_ID'])('stops at start when WHISE_USERNAME is set without %s', (missing) => {
    const env: Record<string, string> = { ...WHISE };
    delete env[missing];
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(`${missing} is required`);
  });

  it('rejects ids that are not numbers and a language Whise does not know', () => {
    expect(() => loadConfig({ ...WHISE, WHISE_CLIENT_ID: 'agency' })).toThrow('WHISE_CLIENT_ID');
    expect(() => loadConfig({ ...WHISE, WHISE_LANGUAGE: 'dutch' })).toThrow('WHISE_LANGUAGE');
  });

  it('defaults the contacts\' country to Belgium (WHISE_COUNTRY_ID 1) and refuses one that is no id', () => {
    expect(loadConfig(WHISE)).toMatchObject({ WHISE_COUNTRY_ID: 1, WHISE_VIEWING_USER_ID: undefined });
    expect(loadConfig({ ...WHISE, WHISE_COUNTRY_ID: '2', WHISE_VIEWING_USER_ID: '42' })).toMatchObject({ WHISE_COUNTRY_ID: 2, WHISE_VIEWING_USER_ID: 42 });
    expect(() => loadConfig({ ...WHISE, WHISE_COUNTRY_ID: 'BE' })).toThrow('WHISE_COUNTRY_ID');
    expect(() => loadConfig({ ...WHISE, WHISE_VIEWING_USER_ID: '0' })).toThrow('WHISE_VIEWING_USER_ID');
  });

  it('gives the lead sink WHISE_COUNTRY_ID and WHISE_VIEWING_USER_ID', async () => {
    const server = new FakeWhiseServer();
    await server.start();
    try {
      server.estates = [];
      const env = { ...fakeWhiseEnv(server), WHISE_VIEWING_ACTION_ID: '17', WHISE_COUNTRY_ID: '2', WHISE_VIEWING_USER_ID: '42' };
      const sink = createLeadSinks(loadConfig(env)).get('W')!;
      await sink.deliver({
        id: 'lead-1',
        kind: 'viewing',
        createdAt: '2026-05-01T09:00:00Z',
        locale: 'nl',
        contact: { name: 'Jan Peeters', email: 'jan@example.be', phone: null },
        message: 'Bezoekaanvraag',
        propertyId: '3515113',
        searchProfile: null,
        viewing: { slots: [{ date: '2026-12-01', halfDay: 'am', start: '2026-12-01T09:00:00+01:00', end: '2026-12-01T12:00:00+01:00' }] },
      });
      expect(server.contacts).toMatchObject([{ CountryId: 2, OfficeIds: [FAKE_WHISE_CREDENTIALS.officeId] }]);
      expect(server.createdEvents).toMatchObject([{ CalendarActionId: 17, UserIds: [42] }]);
    } finally {
      await server.stop();
    }
  });
});
