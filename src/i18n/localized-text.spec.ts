import { langIfOther, pickLocalized, pickText } from './localized-text.js';

describe(pickLocalized.name, () => {
  it('answers in the requested locale when it has the text, and says so', () => {
    expect(pickLocalized({ nl: 'Tuin', fr: 'Jardin' }, 'fr')).toEqual({ text: 'Jardin', lang: 'fr' });
  });

  it('falls back to nl, then to the first locale that has the text, and says which', () => {
    expect(pickLocalized({ nl: 'Tuin', fr: 'Jardin' }, 'de')).toEqual({ text: 'Tuin', lang: 'nl' });
    expect(pickLocalized({ en: 'Garden', de: 'Garten' }, 'fr')).toEqual({ text: 'Garden', lang: 'en' });
  });

  it('skips empty texts', () => {
    expect(pickLocalized({ de: '  ', fr: 'Jardin' }, 'de')).toEqual({ text: 'Jardin', lang: 'fr' });
  });

  it('has no language when no locale has the text', () => {
    expect(pickLocalized({}, 'nl')).toEqual({ text: '', lang: null });
    expect(pickLocalized(null, 'nl')).toEqual({ text: '', lang: null });
  });
});

describe(pickText.name, () => {
  it('is the text pickLocalized finds', () => {
    expect(pickText({ nl: 'Tuin' }, 'en')).toBe('Tuin');
  });
});

describe(langIfOther.name, () => {
  it('names the language only when it differs from the page’s', () => {
    expect(langIfOther({ text: 'Tuin', lang: 'nl' }, 'en')).toBe('nl');
    expect(langIfOther({ text: 'Garden', lang: 'en' }, 'en')).toBeUndefined();
    expect(langIfOther({ text: '', lang: null }, 'en')).toBeUndefined();
  });
});
