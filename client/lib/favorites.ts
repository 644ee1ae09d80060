/** Must match src/favorites/favorites-cookie.ts. */
const FAVORITES_COOKIE = 'immo_favorites';

/** The listing ids in the favourites cookie (the part before its signature; the server checks the signature). */
export function favoriteIds(cookie: string): Set<string> {
  const pair = cookie.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${FAVORITES_COOKIE}=`));
  if (!pair) return new Set();
  const value = decodeURIComponent(pair.slice(FAVORITES_COOKIE.length + 1));
  const list = value.slice(0, Math.max(0, value.lastIndexOf('.')));
  return new Set(list.split('-').filter((id) => /^\d+$/.test(id)));
}

/**
 * Pages are the same for every visitor (cacheable), so their hearts and the header badge are drawn "off"; this
 * fills them in from the cookie, at start and after each htmx swap.
 */
export function showFavorites(root: ParentNode = document): void {
  const ids = favoriteIds(document.cookie);
  root.querySelectorAll<HTMLFormElement>('form[data-favorite-id]').forEach((form) => {
    const pressed = ids.has(form.dataset.favoriteId ?? '');
    const button = form.querySelector<HTMLButtonElement>('button[aria-pressed]');
    const intent = form.querySelector<HTMLInputElement>('input[name="intent"]');
    if (!button || !intent) return;
    button.setAttribute('aria-pressed', String(pressed));
    const label = (pressed ? button.dataset.labelRemove : button.dataset.labelAdd) ?? '';
    button.setAttribute('aria-label', label);
    button.title = label;
    intent.value = pressed ? 'remove' : 'add';
  });
  document.querySelectorAll<HTMLElement>('[data-favorites-badge]').forEach((badge) => {
    badge.textContent = ids.size ? String(ids.size) : '';
    badge.hidden = ids.size === 0;
  });
}
