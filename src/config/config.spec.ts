import { ConfigError, demoOnlyFeatures, loadConfig } from './config.js';
import { AGENCY_IDENTITY } from '../../test/support/agency-identity.js';

describe(loadConfig.name, () => {
  it('needs no configuration at all', () => {
    const sut = loadConfig({});
    expect(sut.PORT).toBe(3000);
    expect(sut.DATA_DIR).toBe('.data');
    expect(sut.embeddedDatabase).toBe(true);
    expect(sut.seedDemoData).toBe(true);
  });

  it('uses a PostgreSQL server when DATABASE_URL is set, without seeding it by default', () => {
    const sut = loadConfig({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/immo' });
    expect(sut.embeddedDatabase).toBe(false);
    expect(sut.seedDemoData).toBe(false);
  });

  it('stops with a message naming each bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toContain('PORT="eighty"');
      expect((error as Error).message).toContain('DATABASE_URL="mysql://x"');
    }
  });

  it('rejects a brand colour that is not a hex colour', () => {
    expect(() => loadConfig({ BRAND_COLOR: 'teal' })).toThrow('BRAND_COLOR');
  });

  it('refuses a malformed PHOTO_HOSTS entry at start, and takes the CRM photo hosts by default', () => {
    expect(() => loadConfig({ PHOTO_HOSTS: 'files.zabun.be,*.eu' })).toThrow('PHOTO_HOSTS');
    expect(() => loadConfig({ PHOTO_HOSTS: '127.0.0.1' })).toThrow('PHOTO_HOSTS');
    expect(loadConfig({}).photoHosts.canonical('https://files.zabun.be/upload/1/images/a.jpg')).not.toBeNull();
    expect(loadConfig({ PHOTO_HOSTS: 'http://127.0.0.1:8080' }).photoHosts.canonical('http://127.0.0.1:8080/a.jpg')).not.toBeNull();
  });

  it('opens Monday to Saturday by default, takes any set of weekdays in week order, and refuses a bad list at start', () => {
    expect(loadConfig({}).openingDays).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat']);
    expect(loadConfig({ AGENCY_OPENING_DAYS: ' Sat, mon ,wed' }).openingDays).toEqual(['mon', 'wed', 'sat']);
    for (const bad of ['', 'mon,mon', 'monday', 'mon,,xyz']) {
      expect(() => loadConfig({ AGENCY_OPENING_DAYS: bad })).toThrow(/AGENCY_OPENING_DAYS=.*must be a comma list of mon, tue, wed, thu, fri, sat, sun/);
    }
  });

  it('keeps metrics off by default, on a port apart from the public one and behind a long token', () => {
    const sut = loadConfig({});
    expect([sut.METRICS_PORT, sut.METRICS_HOST, sut.METRICS_TOKEN]).toEqual([0, '127.0.0.1', undefined]);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'a'.repeat(32) }).METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow('METRICS_PORT');
    expect(() => loadConfig({ METRICS_HOST: 'localhost' })).toThrow('METRICS_HOST');
    expect(() => loadConfig({ METRICS_TOKEN: 'secret' })).toThrow('METRICS_TOKEN must be at least 16 characters');
    expect(loadConfig({ METRICS_TOKEN: '' }).METRICS_TOKEN).toBeUndefined();
  });

  it('keeps the SETTING_* initial values as written for the settings to check, an empty one as unset', () => {
    const sut = loadConfig({ SETTING_HIDDEN_STATUS: 'SOLD,RENTED', SETTING_HIDDEN_TABS: '', SETTING_SHOW_UNAVAILABLE: 'true' });
    expect([sut.SETTING_HIDDEN_STATUS, sut.SETTING_HIDDEN_TABS, sut.SETTING_SHOW_UNAVAILABLE]).toEqual(['SOLD,RENTED', undefined, 'true']);
  });

  it('reads the demo fixtures only when no CRM at all is configured, or when DEMO_DATA=true', () => {
    const sources = (env: Record<string, string>) => loadConfig(env).demoSources.map((entry) => entry.source);
    const zabun = { SOURCE_A_BASE_URL: 'https://public.api-cms.zabun.be/', SOURCE_A_COMPANY_ID: '7301' };
    expect(sources({})).toEqual(['A', 'B']);
    expect(sources(zabun)).toEqual([]);
    expect(sources({ SOURCE_B_FEED_URL: 'https://feed.example/agency' })).toEqual([]);
    expect(sources({ WHISE_USERNAME: 'u', WHISE_PASSWORD: 'p', WHISE_CLIENT_ID: '1', WHISE_OFFICE_ID: '2' })).toEqual([]);
    expect(sources({ ...zabun, DEMO_DATA: 'true' })).toEqual(['B']);
    expect(sources({ DEMO_DATA: 'false' })).toEqual([]);
    // The demo holiday units follow the demo on the embedded database.
    expect(loadConfig(zabun).seedDemoData).toBe(false);
    expect(loadConfig({ ...zabun, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('ignores unrelated environment variables', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root' })).not.toHaveProperty('PATH');
  });
});

/** A real agency's whole identity (invented, none of it the demo's). */
const IDENTITY = AGENCY_IDENTITY;
/** The demo's identity, which no message may quote. */
const DEMO_VALUES = ['Immo Vastgoed BV', 'Kouter 1', '0123.456.749', 'BE0123456749', '512345', '+32 9 123 45 67', 'immo.example', 'Demo Verzekeringen', '00.000.000'];

describe('production rules', () => {
  const REAL = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://immo@db.internal:5432/immo',
    PUBLIC_BASE_URL: 'https://www.immo.example',
    SMTP_URL: 'smtp://mail.internal:587',
    BOT_CHECK_SECRET: 'secret',
    BOT_CHECK_SITE_KEY: 'site-key',
    COOKIE_SECRET: 'a-long-random-production-secret',
    SOURCE_A_BASE_URL: 'https://public.api-cms.zabun.be/',
    SOURCE_A_COMPANY_ID: '7301',
    ...IDENTITY,
  };
  const messageOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('loadConfig accepted the configuration');
  };

  it('starts with a database, a public URL, SMTP and a bot-check secret', () => {
    expect(loadConfig(REAL).isProduction).toBe(true);
  });

  it.each(['PUBLIC_BASE_URL', 'SMTP_URL', 'BOT_CHECK_SECRET', 'BOT_CHECK_SITE_KEY', 'COOKIE_SECRET'] as const)('refuses to start with DATABASE_URL but without %s, naming it', (name) => {
    const { [name]: _left, ...env } = REAL;
    expect(messageOf(env)).toContain(`${name} is required`);
  });

  it.each(Object.keys(IDENTITY))('refuses to start without the agency\'s own %s, naming it (the demo value would be a false statement)', (name) => {
    const { [name as keyof typeof IDENTITY]: _left, ...env } = REAL;
    const message = messageOf(env);
    expect(message).toContain('Invalid configuration for production with DATABASE_URL');
    expect(message).toMatch(new RegExp(`^  ${name} is required: the `, 'm'));
    expect(message.split('\n')).toHaveLength(2);
  });

  it('names every missing part of the identity at once, and quotes no demo value in doing so', () => {
    const { SOURCE_A_BASE_URL, SOURCE_A_COMPANY_ID } = REAL;
    const message = messageOf({ NODE_ENV: 'production', DATABASE_URL: REAL.DATABASE_URL, SOURCE_A_BASE_URL, SOURCE_A_COMPANY_ID });
    for (const name of Object.keys(IDENTITY)) expect(message).toMatch(new RegExp(`^  ${name} is required`, 'm'));
    for (const value of DEMO_VALUES) expect(message).not.toContain(value);
  });

  it.each([
    ['AGENCY_LEGAL_NAME', 'Immo Vastgoed BV'],
    ['AGENCY_COMPANY_NUMBER', '0123.456.749'],
    ['AGENCY_VAT_NUMBER', 'BE0123456749'],
    ['AGENCY_BIV_NUMBER', '512345'],
    ['AGENCY_PHONE', '+32 9 123 45 67'],
    ['AGENCY_INSURER', 'Demo Verzekeringen NV'],
    ['AGENCY_INSURANCE_POLICY', '00.000.000'],
    ['MAIL_FROM', 'no-reply@immo.example'],
    ['MAIL_FROM', 'Immo <no-reply@IMMO.example>'],
    ['AGENCY_EMAIL', 'info@immo.example'],
  ])('refuses %s set to the demo\'s value (copied from an example), without repeating it', (name, value) => {
    const message = messageOf({ ...REAL, [name]: value });
    expect(message).toMatch(new RegExp(`^  ${name} is the demo's value: set the `, 'm'));
    for (const demo of DEMO_VALUES) expect(message).not.toContain(demo);
  });

  it('refuses the demo address as a whole, but takes a real agency in Gent and the title bemiddelaar', () => {
    expect(messageOf({ ...REAL, AGENCY_STREET: 'Kouter 1', AGENCY_POSTAL_CODE: '9000', AGENCY_CITY: 'Gent' })).toContain("AGENCY_STREET is the demo's value");
    expect(loadConfig({ ...REAL, AGENCY_STREET: 'Kouter 2' }).AGENCY_CITY).toBe('Gent');
  });

  it('lets the embedded demo show its defaults', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).AGENCY_INSURER).not.toBe('');
  });

  it('refuses the demo fixtures: without any CRM it names the three settings of one', () => {
    const { SOURCE_A_BASE_URL: _url, SOURCE_A_COMPANY_ID: _company, ...env } = REAL;
    const message = messageOf(env);
    expect(message).toMatch(/^ {2}a CRM is required: set SOURCE_A_BASE_URL \(Zabun\), SOURCE_B_FEED_URL \(feed\) or WHISE_USERNAME \(Whise\)/m);
    expect(messageOf({ ...env, DEMO_DATA: 'false' })).toContain('a CRM is required');
    expect(loadConfig({ ...env, SOURCE_B_FEED_URL: 'https://feed.example/agency' }).demoSources).toEqual([]);
    expect(loadConfig({ ...env, WHISE_USERNAME: 'u', WHISE_PASSWORD: 'p', WHISE_CLIENT_ID: '1', WHISE_OFFICE_ID: '2' }).demoSources).toEqual([]);
  });

  it('refuses DEMO_DATA=true beside a CRM: the demo would go live beside the agency', () => {
    expect(messageOf({ ...REAL, DEMO_DATA: 'true' })).toMatch(/^ {2}DEMO_DATA=true beside a CRM/m);
  });

  it('runs a demo on PostgreSQL only when told so (DEMO_DATA=true), and says so in its warning', () => {
    const sut = loadConfig({ NODE_ENV: 'production', DATABASE_URL: REAL.DATABASE_URL, PUBLIC_BASE_URL: REAL.PUBLIC_BASE_URL, SMTP_URL: REAL.SMTP_URL, COOKIE_SECRET: REAL.COOKIE_SECRET, BOT_CHECK_DISABLED: 'true', DEMO_DATA: 'true' });
    expect(sut.demoSources.map((entry) => entry.source)).toEqual(['A', 'B']);
    const warning = demoOnlyFeatures(sut).join('\n');
    expect(warning).toContain("the demo's agency identity");
    expect(warning).toContain('source B (feed): DEMO fixtures (fixtures/source-b), not a CRM');
  });

  it('names every missing setting at once', () => {
    const message = messageOf({ NODE_ENV: 'production', DATABASE_URL: REAL.DATABASE_URL });
    expect(message).toContain('PUBLIC_BASE_URL');
    expect(message).toContain('SMTP_URL');
    expect(message).toContain('BOT_CHECK_SECRET');
  });

  it('takes a public URL that equals the default only when it is set explicitly', () => {
    expect(loadConfig({ ...REAL, PUBLIC_BASE_URL: 'http://localhost:3000' }).PUBLIC_BASE_URL).toBe('http://localhost:3000');
  });

  it('lets production without DATABASE_URL start, listing what is demo-only for its one warning', () => {
    const sut = loadConfig({ NODE_ENV: 'production' });
    const features = demoOnlyFeatures(sut).join('\n');
    expect(features).toContain('embedded database');
    expect(features).toContain('no bot check');
    expect(features).toContain('mails written to files');
    expect(features).toContain('demo holiday units');
    expect(features).toContain('source A (Zabun): DEMO fixtures (fixtures/source-a), not a CRM');
    expect(features).toContain('source B (feed): DEMO fixtures (fixtures/source-b), not a CRM');
  });

  it('warns only about what is still demo-only', () => {
    const sut = loadConfig({ NODE_ENV: 'production', SMTP_URL: REAL.SMTP_URL, BOT_CHECK_SECRET: 'secret', SEED_DEMO_DATA: 'false' });
    expect(demoOnlyFeatures(sut).join('\n')).not.toMatch(/bot check|mails written|demo holiday units/);
  });

  it('decides in one place whether forms need the bot check: with a secret, and never on the demo without one', () => {
    expect(loadConfig(REAL).botCheckRequired).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).botCheckRequired).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).botCheckClient).toBeNull();
  });

  it('gives pages with a form the provider script with the site key', () => {
    expect(loadConfig({ ...REAL, BOT_CHECK_SCRIPT_URL: 'https://bot.example/api.js' }).botCheckClient).toEqual({
      siteKey: 'site-key',
      scriptUrl: 'https://bot.example/api.js?render=site-key',
    });
  });

  it('starts a PostgreSQL demo without a bot check only when told so, and says so in its warning', () => {
    const { BOT_CHECK_SECRET: _secret, BOT_CHECK_SITE_KEY: _key, ...demo } = REAL;
    expect(messageOf(demo)).toContain('BOT_CHECK_SECRET is required');
    const sut = loadConfig({ ...demo, BOT_CHECK_DISABLED: 'true' });
    expect(sut.botCheckRequired).toBe(false);
    expect(sut.botCheckClient).toBeNull();
    expect(demoOnlyFeatures(sut)).toEqual(['no bot check on the forms (BOT_CHECK_DISABLED=true)']);
  });

  it('refuses the demo switch beside a bot-check secret', () => {
    expect(messageOf({ ...REAL, BOT_CHECK_DISABLED: 'true' })).toContain('BOT_CHECK_DISABLED=true and BOT_CHECK_SECRET are both set');
  });

  it('has nothing to warn about outside production or with a real database', () => {
    expect(demoOnlyFeatures(loadConfig({}))).toEqual([]);
    expect(demoOnlyFeatures(loadConfig(REAL))).toEqual([]);
  });
});
