import { favoritesStylesheet } from './favorites-stylesheet.js';

describe('favoritesStylesheet', () => {
  it('shows the count in the header badge and each saved heart pressed', () => {
    const css = favoritesStylesheet([12, 7]);
    expect(css).toContain('.favorites-badge[data-favorites-badge]:empty::before { content: "2"; }');
    expect(css).toContain('.favorites-badge[data-favorites-badge][hidden] { display: inline-block; }');
    expect(css).toContain(
      'form[data-favorite-id="12"]:has(> .favorite-toggle__button--saved) > .favorite-toggle__button:not(.favorite-toggle__button--saved),\n' +
        'form[data-favorite-id="7"]:has(> .favorite-toggle__button--saved) > .favorite-toggle__button:not(.favorite-toggle__button--saved) { display: none; }',
    );
    expect(css).toContain('form[data-favorite-id="12"] > .favorite-toggle__button--saved,\nform[data-favorite-id="7"] > .favorite-toggle__button--saved { display: inline-flex; }');
  });

  it('is empty without favourites (the badge stays hidden, the hearts off)', () => {
    expect(favoritesStylesheet([])).toBe('');
  });
});
