import { fileTranslator } from '../../../test/support/file-translator.js';
import { fieldLabel, hasDisplayValue } from './display-field.js';

describe(hasDisplayValue.name, () => {
  it.each([[undefined], [null], [''], ['  '], [[]], [0], [-1], [{}], [{ nl: null }]])('hides %p (undefined, null, empty, 0 or minus one)', (value) => {
    expect(hasDisplayValue(value)).toBe(false);
  });

  it.each([['x'], [1], [0.5], [-2], [true], [false], [['a']], [{ nl: 'tekst' }]])('shows %p', (value) => {
    expect(hasDisplayValue(value)).toBe(true);
  });
});

describe(fieldLabel.name, () => {
  it('gives the label in the locale', () => {
    expect(fieldLabel(fileTranslator('fr'), 'financial.price')).toBe('Prix');
  });

  it('an unknown field name gives the name wrapped in underscores', () => {
    expect(fieldLabel(fileTranslator('nl'), 'financial.unknownThing')).toBe('_financial.unknownThing_');
  });
});
