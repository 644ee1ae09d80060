import { renderToStaticMarkup } from 'react-dom/server';
import { FavoriteToggle, type FavoriteToggleProps } from './favorite-toggle.js';

const TEXTS = {
  addLabel: 'Bewaar als favoriet',
  removeLabel: 'Verwijder uit favorieten',
  flash: { saved: 'Bewaard in uw favorieten.', removed: 'Verwijderd uit uw favorieten.', full: 'Uw lijst met favorieten is vol; verwijder er eerst een.' },
};
const HEART_PATH = 'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2 0 3.5 1.1 4.2 2.5h2c.7-1.4 2.2-2.5 4.2-2.5 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z';

/** The heart as it was written element by element before its contents became a template (the reference). */
function expected(id: number, back: string, pressed: boolean): string {
  const label = pressed ? TEXTS.removeLabel : TEXTS.addLabel;
  return (
    `<form class="favorite-toggle" id="favorite-${id}" hx-post="/nl/favorieten/${id}" hx-swap="outerHTML" data-favorite-id="${id}" action="/nl/favorieten/${id}" method="post">` +
    `<input type="hidden" name="intent" value="${pressed ? 'remove' : 'add'}"/><input type="hidden" name="back" value="${back}"/>` +
    `<button type="submit" id="favorite-${id}-button" class="favorite-toggle__button" aria-pressed="${pressed}" aria-label="${label}" title="${label}" data-label-add="${TEXTS.addLabel}" data-label-remove="${TEXTS.removeLabel}">` +
    `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${HEART_PATH}"></path></svg></button>` +
    `<button type="submit" value="1" class="favorite-toggle__button favorite-toggle__button--saved" aria-pressed="true" aria-label="${TEXTS.removeLabel}" title="${TEXTS.removeLabel}" hidden="" name="saved">` +
    `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${HEART_PATH}"></path></svg></button>` +
    `<span class="favorite-toggle__flash favorite-toggle__flash--saved">${TEXTS.flash.saved}</span>` +
    `<span class="favorite-toggle__flash" id="favorite-${id}-removed">${TEXTS.flash.removed}</span>` +
    `<span class="favorite-toggle__flash" id="favorite-${id}-full">${TEXTS.flash.full}</span></form>`
  );
}

const heart = (props: Partial<FavoriteToggleProps> & { estateId: number; back: string }) =>
  renderToStaticMarkup(<FavoriteToggle action={`/nl/favorieten/${props.estateId}`} pressed={false} {...TEXTS} {...props} />);

describe(FavoriteToggle.name, () => {
  it('writes each heart of a page as it wrote it element by element: its listing, its state and its return path', () => {
    expect(heart({ estateId: 1028, back: '/nl' })).toBe(expected(1028, '/nl', false));
    expect(heart({ estateId: 5011, back: '/nl?transaction=buy&sort=price-asc' })).toBe(expected(5011, '/nl?transaction=buy&amp;sort=price-asc', false));
    expect(heart({ estateId: 7, back: `/nl?reference="a'<b>"`, pressed: true })).toBe(expected(7, '/nl?reference=&quot;a&#x27;&lt;b&gt;&quot;', true));
    expect(heart({ estateId: 1028, back: '/nl' })).toBe(expected(1028, '/nl', false));
  });

  it('gives the button an id of its listing in both renderings, so htmx hands the focus back to the new heart', () => {
    expect(heart({ estateId: 5011, back: '/nl' })).toContain('<button type="submit" id="favorite-5011-button"');
    expect(heart({ estateId: 5011, back: '/nl', message: 'Vol.', flash: undefined })).toContain('<button type="submit" id="favorite-5011-button"');
  });

  it('says why an add was refused next to the heart, with the rest unchanged', () => {
    const refused = heart({ estateId: 3, back: '/nl', message: 'Uw lijst is vol & blijft vol.', flash: undefined });
    expect(refused).toContain('<span class="favorite-toggle__message" role="status">Uw lijst is vol &amp; blijft vol.</span>');
    expect(refused).toContain('<input type="hidden" name="back" value="/nl"/>');
    expect(refused).not.toContain('favorite-toggle__flash');
  });
});
