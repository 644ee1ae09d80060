import type { ReactElement } from 'react';
import { urlFor } from '../../src/routing/routes.js';
import type { PageContext } from '../page-context.js';
import { renderedTemplate } from '../render.js';

export interface FavoriteToggleProps {
  readonly action: string;
  readonly estateId: number;
  /** Known only on pages for one visitor; cached pages render it off and the page script fills it in. */
  readonly pressed: boolean;
  /** Where a post without JavaScript returns (303). */
  readonly back: string;
  readonly addLabel: string;
  readonly removeLabel: string;
  /** Said next to the heart after a refused add (the list is full). */
  readonly message?: string;
  /** What a post without JavaScript confirms when it comes back (see favoriteFlashAnchor); only on pages. */
  readonly flash?: FavoriteFlashTexts;
}

/** The confirmations of a heart pressed without JavaScript, shown by CSS `:target` on the page it returns to. */
export interface FavoriteFlashTexts {
  readonly saved: string;
  readonly removed: string;
  readonly full: string;
}

export type FavoriteFlash = 'saved' | 'removed' | 'full';

/**
 * The fragment a post without JavaScript returns to (`<back>#<anchor>`): the heart's form itself when the listing was
 * saved (the heart then looks pressed and says so), else its message. Cached pages stay the same for everyone, and
 * the browser scrolls back to the heart that was pressed.
 */
export function favoriteFlashAnchor(estateId: number | string, flash: FavoriteFlash): string {
  return flash === 'saved' ? `favorite-${estateId}` : `favorite-${estateId}-${flash}`;
}

/**
 * The heart's button, by listing: htmx swaps the whole form, and gives the focus back to the element of the new form
 * with the id the focused one had (a keyboard user stays on the heart they pressed).
 */
function favoriteButtonId(estateId: number | string): string {
  return `favorite-${estateId}-button`;
}

/**
 * The visitor's favourites as a stylesheet (src/favorites/favorites-stylesheet.ts), loaded only without JavaScript
 * (`<noscript>`): cached pages draw every heart off and the header's count empty, and the page script fills them in;
 * without it this private stylesheet shows the saved hearts and the count, and the pages stay the same for everyone.
 */
export const FAVORITES_STYLESHEET_PATH = '/favorites.css';

const HEART = 'M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2 0 3.5 1.1 4.2 2.5h2c.7-1.4 2.2-2.5 4.2-2.5 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z';

/** What the heart's form holds: the same for every listing and visitor but for the listing's id and the return path. */
function ToggleContents({ estateId, pressed, back, addLabel, removeLabel, message, flash }: Omit<FavoriteToggleProps, 'action' | 'estateId'> & { estateId: number | string }): ReactElement {
  return (
    <>
      <input type="hidden" name="intent" value={pressed ? 'remove' : 'add'} />
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        id={favoriteButtonId(estateId)}
        className="favorite-toggle__button"
        aria-pressed={pressed}
        aria-label={pressed ? removeLabel : addLabel}
        title={pressed ? removeLabel : addLabel}
        data-label-add={addLabel}
        data-label-remove={removeLabel}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={HEART} />
        </svg>
      </button>
      {flash && (
        // The saved heart of a page seen without JavaScript: the favourites stylesheet shows it instead of the one
        // above when the listing is saved, and it removes it (`saved` wins over the intent the page was drawn with).
        // Not named "remove": a form's controls are its properties, and htmx calls the form's remove() when it swaps.
        <button type="submit" name="saved" value="1" className="favorite-toggle__button favorite-toggle__button--saved" aria-pressed="true" aria-label={removeLabel} title={removeLabel} hidden>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d={HEART} />
          </svg>
        </button>
      )}
      {message && (
        <span className="favorite-toggle__message" role="status">
          {message}
        </span>
      )}
      {flash && (
        <>
          <span className="favorite-toggle__flash favorite-toggle__flash--saved">{flash.saved}</span>
          <span className="favorite-toggle__flash" id={favoriteFlashAnchor(estateId, 'removed')}>
            {flash.removed}
          </span>
          <span className="favorite-toggle__flash" id={favoriteFlashAnchor(estateId, 'full')}>
            {flash.full}
          </span>
        </>
      )}
    </>
  );
}

/**
 * The heart: a one-button form posting to the favourites page's path with the listing id. htmx swaps only this form
 * (and the header badge); without JavaScript the post redirects back.
 *
 * A page of results has a heart per card: its contents are rendered once per texts and filled with the listing
 * and the return path (views/render.tsx renderedTemplate), the form itself by React. A refusal's message is
 * rendered in place.
 */
export function FavoriteToggle(props: FavoriteToggleProps): ReactElement {
  const { action, estateId, pressed, back, addLabel, removeLabel, message, flash } = props;
  const attributes = {
    method: 'post',
    action,
    className: 'favorite-toggle',
    id: flash ? favoriteFlashAnchor(estateId, 'saved') : undefined,
    'hx-post': action,
    'hx-swap': 'outerHTML',
    'data-favorite-id': estateId,
  };
  if (message) {
    return (
      <form {...attributes}>
        <ToggleContents {...props} />
      </form>
    );
  }
  const key = JSON.stringify(['favorite-toggle', pressed, addLabel, removeLabel, flash ?? null]);
  const contents = renderedTemplate(key, (slot) => <ToggleContents {...props} estateId={slot(0)} back={slot(1)} />, [String(estateId), back]);
  return <form {...attributes} dangerouslySetInnerHTML={contents} />;
}

/** What a card's heart needs besides the listing: the page's language and texts, and where to return without JavaScript. */
export interface FavoriteToggleContext {
  readonly locale: PageContext['locale'];
  readonly t: PageContext['t'];
  /** A same-site relative URL (with the query string of a search). */
  readonly back: string;
}

/** The heart of one listing, drawn off (cached pages are the same for everyone; the page script fills it in). */
export function favoriteToggle({ locale, t, back }: FavoriteToggleContext, estateId: number, pressed = false): ReactElement {
  return (
    <FavoriteToggle
      action={urlFor('favoriteToggle', locale, { estateId })}
      estateId={estateId}
      pressed={pressed}
      back={back}
      addLabel={t('flows.favorites.add')}
      removeLabel={t('flows.favorites.remove')}
      flash={{ saved: t('flows.favorites.saved'), removed: t('flows.favorites.removed'), full: t('flows.favorites.listFull') }}
    />
  );
}

/** The heart of one listing on a page of `ctx`, returning to the page itself with its query: for cards and the detail page. */
export function favoriteToggleFor(ctx: PageContext, estateId: number, pressed = false): ReactElement {
  return favoriteToggle({ locale: ctx.locale, t: ctx.t, back: ctx.currentUrl }, estateId, pressed);
}

/**
 * The header's count of favourites; empty (hidden) in cached pages until the page script reads the cookie, or,
 * without JavaScript, the favourites stylesheet shows it (FAVORITES_STYLESHEET_PATH). htmx swaps it out of band.
 */
export function FavoritesBadge({ count, oob = false }: { count: number | null; oob?: boolean }): ReactElement {
  const badge = (
    <span id="favorites-badge" className="favorites-badge" data-favorites-badge="" hidden={!count} hx-swap-oob={oob ? 'true' : undefined}>
      {count ? String(count) : ''}
    </span>
  );
  if (oob) return badge;
  return (
    <>
      {badge}
      <noscript>
        <link rel="stylesheet" href={FAVORITES_STYLESHEET_PATH} />
      </noscript>
    </>
  );
}

/** What htmx swaps in after a heart was pressed: the heart in its new state, and the header badge out of band. */
export function FavoriteToggleAnswer({ toggle, count }: { toggle: FavoriteToggleProps; count: number }): ReactElement {
  return (
    <>
      <FavoriteToggle {...toggle} />
      <FavoritesBadge count={count} oob />
    </>
  );
}
