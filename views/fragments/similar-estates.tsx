import type { ReactElement } from 'react';
import type { EstateCardModel } from '../../src/estates/display/estate-display.js';

/** The similar-estates block; an empty list renders nothing (SPEC §7). */
export function SimilarEstates({ title, cards }: { title: string; cards: readonly EstateCardModel[] }): ReactElement | null {
  if (cards.length === 0) return null;
  return (
    <section className="similar-estates" aria-labelledby="similar-estates-title">
      <h2 id="similar-estates-title">{title}</h2>
      <ul className="estate-cards">
        {cards.map((card) => (
          <li key={card.id} className="estate-card">
            <a href={card.path} className="estate-card__link">
              {card.photo ? (
                <img src={card.photo.thumb} alt="" width={400} height={267} loading="lazy" decoding="async" />
              ) : (
                <span className="estate-card__no-photo" aria-hidden="true" />
              )}
              <span className="estate-card__body">
                <span className="estate-card__type">
                  {card.typeLabel} · {card.city}
                </span>
                <span className="estate-card__title">{card.title}</span>
                <span className="estate-card__price">{card.priceText}</span>
                {card.facts.length > 0 && <span className="estate-card__facts">{card.facts.join(' · ')}</span>}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
