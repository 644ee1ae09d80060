import type { ReactElement, ReactNode } from 'react';
import type { EstateCard as EstateCardModel } from '../../src/estates/display/estate-card.js';
import { EstateCard } from '../components/estate-card.js';
import { SIMILAR_ESTATES_TRIGGER } from '../../client/lib/similar-estates-trigger.js';
import { renderedOnce } from '../render.js';

const TITLE_ID = 'similar-estates-title';

/** The similar-estates block, with the one listing card; an empty list renders nothing (SPEC §7). */
export interface SimilarEstatesProps {
  readonly title: string;
  readonly cards: readonly EstateCardModel[];
  /** The heart of a card's listing. */
  readonly favorite: (estateId: number) => ReactNode;
}

export function SimilarEstates({ title, cards, favorite }: SimilarEstatesProps): ReactElement | null {
  if (cards.length === 0) return null;
  return (
    <section className="similar-estates" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>{title}</h2>
      <ul className="estate-cards">
        {cards.map((card) => (
          <li key={card.id}>
            <EstateCard card={card} favorite={favorite(card.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Where the block will come, while htmx fetches it a screen before it scrolls into view: the title and grey cards
 * of the same size, so the page does not move when the cards arrive.
 */
export interface SimilarEstatesPlaceholderProps {
  readonly title: string;
  readonly loading: string;
  /** The fragment's URL. */
  readonly url: string;
  /** How many cards the block shows at most. */
  readonly count: number;
}

/** Grey cards: the same markup on every detail page, rendered once. */
const PLACEHOLDER_CARDS = {};

function PlaceholderCards({ count }: { count: number }): ReactElement {
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="estate-card estate-card--placeholder">
            <span className="estate-card__photo" />
            <span className="estate-card__body">
              <span />
              <span />
              <span />
              <span />
              <span />
            </span>
          </div>
        </li>
      ))}
    </>
  );
}

export function SimilarEstatesPlaceholder({ title, loading, url, count }: SimilarEstatesPlaceholderProps): ReactElement {
  return (
    <section className="similar-estates" aria-labelledby={TITLE_ID} aria-busy="true" hx-get={url} hx-trigger={SIMILAR_ESTATES_TRIGGER} hx-swap="outerHTML" data-similar-estates="">
      <h2 id={TITLE_ID}>{title}</h2>
      <p className="visually-hidden">{loading}</p>
      <ul className="estate-cards" aria-hidden="true" dangerouslySetInnerHTML={renderedOnce(PLACEHOLDER_CARDS, String(count), () => <PlaceholderCards count={count} />)} />
    </section>
  );
}
