/**
 * The visitor's favourites as CSS, for pages seen without JavaScript (views/components/favorite-toggle.tsx
 * FAVORITES_STYLESHEET_PATH). Cached pages are the same for everyone: their hearts are drawn off and the header's
 * count is empty. With JavaScript the page script fills them in from the cookie; without it, this stylesheet does,
 * so a heart pressed without JavaScript shows saved on the page it returns to, and on every page after.
 *
 * `ids` come from the signed cookie (positive integers only), so nothing a visitor typed reaches the CSS.
 */
export function favoritesStylesheet(ids: readonly number[]): string {
  if (ids.length === 0) return '';
  const forms = ids.map((id) => `form[data-favorite-id="${id}"]`);
  return [
    // The header's count (an empty badge; `hidden` while the count is unknown).
    `.favorites-badge[data-favorites-badge][hidden] { display: inline-block; }`,
    `.favorites-badge[data-favorites-badge]:empty::before { content: "${ids.length}"; }`,
    // Each saved listing's heart on a page drawn for everyone: its saved heart (pressed, it removes the listing) in
    // place of the one drawn off. Hearts drawn for this visitor (the favourites page) have no saved heart: unchanged.
    `${forms.map((form) => `${form}:has(> .favorite-toggle__button--saved) > .favorite-toggle__button:not(.favorite-toggle__button--saved)`).join(',\n')} { display: none; }`,
    `${forms.map((form) => `${form} > .favorite-toggle__button--saved`).join(',\n')} { display: inline-flex; }`,
    '',
  ].join('\n');
}
