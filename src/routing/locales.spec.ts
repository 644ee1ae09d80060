import { localeFromPath, negotiateLocale } from './locales.js';

describe(negotiateLocale.name, () => {
  it('defaults to nl without a header', () => {
    expect(negotiateLocale(undefined)).toBe('nl');
  });

  it('defaults to nl when no offered language is acceptable', () => {
    expect(negotiateLocale('es-ES,es;q=0.9,it;q=0.5')).toBe('nl');
  });

  it('matches a regional variant to its language', () => {
    expect(negotiateLocale('fr-BE')).toBe('fr');
  });

  it('prefers the highest weight', () => {
    expect(negotiateLocale('en;q=0.4, de;q=0.8, fr;q=0.1')).toBe('de');
  });

  it('keeps header order between equal weights', () => {
    expect(negotiateLocale('es, en, fr')).toBe('en');
  });

  it('ignores languages refused with q=0', () => {
    expect(negotiateLocale('fr;q=0, en;q=0.2')).toBe('en');
  });
});

describe(localeFromPath.name, () => {
  it('reads the first path segment', () => {
    expect(localeFromPath('/de/agb?x=1')).toBe('de');
  });

  it('gives nothing for an unknown prefix', () => {
    expect(localeFromPath('/es/privacy')).toBeUndefined();
    expect(localeFromPath('/')).toBeUndefined();
  });
});
