import { hasControlCharacters, terminalSafe } from './control-characters';

describe('hasControlCharacters', () => {
  it('finds C0 controls and DEL; tab and line breaks only when strict', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('a\u007fb')).toBe(true);
    expect(hasControlCharacters('a\tb\r\n')).toBe(false);
    expect(hasControlCharacters('a\tb', true)).toBe(true);
  });
});

describe('terminalSafe', () => {
  it('shows what a terminal would obey: ESC sequences, BEL, C1 (CSI), DEL and bidi overrides', () => {
    expect(terminalSafe('\u001b[2J\u001b]0;pwn\u0007')).toBe('\\u001b[2J\\u001b]0;pwn\\u0007');
    expect(terminalSafe('\u009b31m\u007f')).toBe('\\u009b31m\\u007f');
    expect(terminalSafe('A\u202eB\u2066C\u2069')).toBe('A\\u202eB\\u2066C\\u2069');
    expect(terminalSafe('a\rb')).toBe('a\\u000db');
  });

  it('keeps tab, line feed and every printable letter', () => {
    expect(terminalSafe('Gent\t9000\nLiège — € 250.000 · Straße')).toBe('Gent\t9000\nLiège — € 250.000 · Straße');
  });
});
