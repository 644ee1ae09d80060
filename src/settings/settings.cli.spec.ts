import { commandFrom } from './settings.cli.js';

describe(commandFrom.name, () => {
  it('reads list, set with a checked value, and unset', () => {
    expect(commandFrom(['list'])).toEqual({ kind: 'list' });
    expect(commandFrom(['set', 'hiddenStatus', 'SOLD,RENTED'])).toEqual({ kind: 'set', name: 'hiddenStatus', value: ['SOLD', 'RENTED'] });
    expect(commandFrom(['set', 'showUnavailable', 'true'])).toEqual({ kind: 'set', name: 'showUnavailable', value: true });
    expect(commandFrom(['unset', 'hiddenTabs'])).toEqual({ kind: 'unset', name: 'hiddenTabs' });
  });

  it('names the settings for an unknown one', () => {
    expect(() => commandFrom(['set', 'hiddenStatuses', 'SOLD'])).toThrow('unknown setting "hiddenStatuses"; the settings are hiddenStatus, hiddenTabs, showUnavailable');
    expect(() => commandFrom(['unset', 'colour'])).toThrow('the settings are hiddenStatus, hiddenTabs, showUnavailable');
  });

  it('names the allowed values for a bad one', () => {
    expect(() => commandFrom(['set', 'showUnavailable', 'maybe'])).toThrow('showUnavailable must be true or false; got "maybe"');
  });

  it('shows the usage for anything else', () => {
    for (const args of [[], ['show'], ['list', 'all'], ['set', 'hiddenStatus'], ['set', 'hiddenStatus', 'SOLD', 'RENTED'], ['unset']]) {
      expect(() => commandFrom(args)).toThrow('usage: npm run settings -- list | set <name> <value> | unset <name>');
    }
  });
});
