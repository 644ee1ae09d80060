import { ConfigError, loadConfig } from './config.js';

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

  it('ignores unrelated environment variables', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root' })).not.toHaveProperty('PATH');
  });
});
