import type { ReactElement } from 'react';
import type { EstateCardModel } from '../../src/estates/display/estate-display.js';
import { PHOTO_LAYOUTS } from '../../src/estates/images/image-variants.js';
import { Picture } from '../components/picture.js';

const TITLE_ID = 'similar-estates-title';

/** The similar-estates block; an empty list renders nothing (SPEC §7). */
export function SimilarEstates({ title, cards }: { title: string; cards: readonly EstateCardModel[] }): ReactElement | null {
  if (cards.length === 0) return null;
  return (
    <section className="similar-estates" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID}>{title}</h2>
      <ul className="estate-cards">
        {cards.map((card) => (
          <li key={card.id} className="estate-card">
            <a href={card.path} className="estate-card__link">
              {card.photo ? (
                <Picture
                  className="estate-card__photo"
                  src={card.photo.large}
                  alt=""
                  width={PHOTO_LAYOUTS.card.width}
                  height={PHOTO_LAYOUTS.card.height}
                  widths={PHOTO_LAYOUTS.card.widths}
                  sizes={PHOTO_LAYOUTS.card.sizes}
                />
              ) : (
                <span className="estate-card__photo estate-card__photo--none" aria-hidden="true" />
              )}
              <span className="estate-card__body">
                <span className="estate-card__type">
                  {card.typeLabel} · {card.city}
                </span>
                <span className="estate-card__title" lang={card.titleLang}>
                  {card.title}
                </span>
                <span className="estate-card__price">{card.priceText}</span>
                <span className="estate-card__facts">{card.facts.join(' · ')}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Where the block will come, while htmx fetches it when it scrolls into view: the title and grey cards of the
 * same size, so the page does not move when the cards arrive.
 */
export interface SimilarEstatesPlaceholderProps {
  readonly title: string;
  readonly loading: string;
  /** The fragment's URL. */
  readonly url: string;
  /** How many cards the block shows at most. */
  readonly count: number;
}

export function SimilarEstatesPlaceholder({ title, loading, url, count }: SimilarEstatesPlaceholderProps): ReactElement {
  return (
    <section className="similar-estates" aria-labelledby={TITLE_ID} aria-busy="true" hx-get={url} hx-trigger="revealed" hx-swap="outerHTML" data-similar-estates="">
      <h2 id={TITLE_ID}>{title}</h2>
      <p className="visually-hidden">{loading}</p>
      <ul className="estate-cards" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="estate-card estate-card--placeholder">
            <span className="estate-card__link">
              <span className="estate-card__photo" />
              <span className="estate-card__body">
                <span className="estate-card__type" />
                <span className="estate-card__title" />
                <span className="estate-card__price" />
                <span className="estate-card__facts" />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
