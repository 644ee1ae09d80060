import { ConfigError, loadConfig } from '../config/config.js';
import { initialSettings, parseSetting, resolveSettings, SETTING_NAMES, SETTINGS } from './setting-definitions.js';

describe('the settings table', () => {
  it('defines each setting the site reads, with its environment variable', () => {
    expect(SETTING_NAMES).toEqual(['hiddenStatus', 'hiddenTabs', 'showUnavailable', 'newBadgeDays', 'reducedBadgeDays']);
    expect(SETTING_NAMES.map((name) => SETTINGS[name].env)).toEqual([
      'SETTING_HIDDEN_STATUS',
      'SETTING_HIDDEN_TABS',
      'SETTING_SHOW_UNAVAILABLE',
      'SETTING_NEW_BADGE_DAYS',
      'SETTING_REDUCED_BADGE_DAYS',
    ]);
  });
});

describe(parseSetting.name, () => {
  it('takes a comma list of known names, trimmed, without repeats', () => {
    expect(parseSetting('hiddenStatus', 'SOLD, RENTED,SOLD')).toEqual({ value: ['SOLD', 'RENTED'] });
    expect(parseSetting('hiddenTabs', 'notary')).toEqual({ value: ['notary'] });
  });

  it('takes an empty list as none', () => {
    expect(parseSetting('hiddenStatus', '')).toEqual({ value: [] });
  });

  it('refuses a name the catalogue does not know, naming the allowed ones', () => {
    expect(parseSetting('hiddenStatus', 'SOLD,sold')).toEqual({
      error: 'hiddenStatus must be a comma list of FOR_SALE, TO_RENT, TAKE_OVER, SOLD, RENTED, TAKEN_OVER (empty: none); got "SOLD,sold"',
    });
    expect(parseSetting('hiddenTabs', 'photos')).toEqual({ error: expect.stringContaining('comfort, construction, epc') });
  });

  it('takes true or false for a flag, and nothing else', () => {
    expect(parseSetting('showUnavailable', 'true')).toEqual({ value: true });
    expect(parseSetting('showUnavailable', ' false ')).toEqual({ value: false });
    expect(parseSetting('showUnavailable', 'yes')).toEqual({ error: 'showUnavailable must be true or false; got "yes"' });
  });

  it('takes a whole number of badge days from 0 (no badge) to 365, and nothing else', () => {
    expect(parseSetting('newBadgeDays', ' 7 ')).toEqual({ value: 7 });
    expect(parseSetting('reducedBadgeDays', '0')).toEqual({ value: 0 });
    expect(parseSetting('newBadgeDays', '365')).toEqual({ value: 365 });
    for (const bad of ['366', '-1', '7.5', 'seven', '']) {
      expect(parseSetting('newBadgeDays', bad)).toEqual({ error: `newBadgeDays must be a whole number of days from 0 to 365 (0: no badge); got ${JSON.stringify(bad)}` });
    }
  });
});

describe(initialSettings.name, () => {
  it('reads the SETTING_* variables that are set', () => {
    expect(initialSettings(loadConfig({ SETTING_HIDDEN_STATUS: 'SOLD', SETTING_SHOW_UNAVAILABLE: 'true' }))).toEqual({ hiddenStatus: ['SOLD'], showUnavailable: true });
    expect(initialSettings(loadConfig({ SETTING_HIDDEN_TABS: '' }))).toEqual({});
  });

  it('stops the start naming every bad variable, its value and what is allowed', () => {
    const config = loadConfig({ SETTING_HIDDEN_TABS: 'photos', SETTING_SHOW_UNAVAILABLE: '1' });
    expect(() => initialSettings(config)).toThrow(ConfigError);
    expect(() => initialSettings(config)).toThrow(
      'Invalid configuration:\n  SETTING_HIDDEN_TABS="photos": must be a comma list of comfort, construction, epc, financial, financialCosts, financialNotary, financialPriceDetails, general, layout, notary, other, planning (empty: none)\n  SETTING_SHOW_UNAVAILABLE="1": must be true or false',
    );
  });
});

describe(resolveSettings.name, () => {
  it('takes the row first, then the environment, then the default', () => {
    const rows = new Map<string, unknown>([['hiddenStatus', ['RENTED']]]);
    expect(resolveSettings(rows, { hiddenStatus: ['SOLD'], hiddenTabs: ['notary'] })).toEqual([
      { name: 'hiddenStatus', value: ['RENTED'], source: 'database' },
      { name: 'hiddenTabs', value: ['notary'], source: 'environment' },
      { name: 'showUnavailable', value: false, source: 'default' },
      { name: 'newBadgeDays', value: 14, source: 'default' },
      { name: 'reducedBadgeDays', value: 30, source: 'default' },
    ]);
  });

  it('reads a stored value of the wrong shape as the default of its kind', () => {
    const rows = new Map<string, unknown>([['hiddenStatus', 'SOLD'], ['showUnavailable', 'true'], ['newBadgeDays', '7'], ['reducedBadgeDays', 1000]]);
    expect(resolveSettings(rows, { showUnavailable: true }).map(({ value }) => value)).toEqual([[], [], false, 14, 30]);
  });
});
