import { renderToStaticMarkup } from 'react-dom/server';
import { SimilarEstatesPlaceholder } from './similar-estates.js';

const props = { title: 'Gelijkaardige panden', loading: 'Gelijkaardige panden worden geladen…', url: '/nl/ajax/similar-estate/5027' };
const greyCards = (html: string) => html.match(/estate-card--placeholder/g)?.length ?? 0;

describe(SimilarEstatesPlaceholder.name, () => {
  it('shows as many grey cards as the block will hold, for each count asked', () => {
    expect(greyCards(renderToStaticMarkup(<SimilarEstatesPlaceholder {...props} count={4} />))).toBe(4);
    expect(greyCards(renderToStaticMarkup(<SimilarEstatesPlaceholder {...props} count={2} />))).toBe(2);
    expect(greyCards(renderToStaticMarkup(<SimilarEstatesPlaceholder {...props} count={4} />))).toBe(4);
  });

  it('hides the grey cards from assistive technology and says the block is loading, in the page language', () => {
    const html = renderToStaticMarkup(<SimilarEstatesPlaceholder {...props} count={3} />);
    expect(html).toContain('<ul class="estate-cards" aria-hidden="true"><li><div class="estate-card estate-card--placeholder">');
    expect(html).toContain('aria-busy="true" hx-get="/nl/ajax/similar-estate/5027" hx-trigger="near"');
    expect(html).toContain('<p class="visually-hidden">Gelijkaardige panden worden geladen…</p>');
  });
});
