import type { ReactElement, ReactNode } from 'react';
import type { EstateCard as EstateCardModel } from '../../src/estates/display/estate-card.js';
import { PHOTO_LAYOUTS } from '../../src/estates/images/image-variants.js';
import { cachedSection } from '../cached-sections.js';
import { PhotoPlaceholder } from './photo-placeholder.js';
import { Picture } from './picture.js';

export interface EstateCardProps {
  readonly card: EstateCardModel;
  /** The favourite toggle (filled by the favourites feature); rendered over the photo's corner, outside the link. */
  readonly favorite?: ReactNode;
  /** The card title's level: 3 under a section heading (the default), 2 directly under the page's h1. */
  readonly headingLevel?: 2 | 3;
  /** The first cards of a page load their photo eagerly (the largest paint). */
  readonly eager?: boolean;
}

/**
 * The one listing card: results, similar estates and favourites all show this. The title is the link and
 * stretches over the whole card (CSS), so the favourite button can sit in the card without nesting in a link.
 *
 * On a page with a version (a search), the card's photo and badges and its body are kept sections
 * (views/cached-sections.tsx): a card is a function of its listing, the locale and the badge rules, all named by the
 * page's version. The heart returns to the page's own URL, so it is rendered every time.
 */
export function EstateCard({ card, favorite, headingLevel = 3, eager = false }: EstateCardProps): ReactElement {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The energy mention is the region's short form (region-rules.ts): the law asks for it on every advertisement.
  const facts = [card.bedroomsText, card.areaText].filter((fact): fact is string => !!fact);
  const layout = PHOTO_LAYOUTS.card;
  return (
    <article className={card.available ? 'estate-card' : 'estate-card estate-card--unavailable'} data-estate-id={card.id}>
      <div className="estate-card__media">
        {cachedSection(`card:${card.id}:media:${eager ? 'eager' : 'lazy'}`, () => (
          <>
            {card.photo ? (
              <Picture
                className="estate-card__photo"
                src={card.photo.src}
                alt=""
                width={layout.width}
                height={layout.height}
                widths={layout.widths}
                sizes={layout.sizes}
                {...(eager ? { loading: 'eager' as const, fetchPriority: 'high' as const } : {})}
              />
            ) : (
              <PhotoPlaceholder className="estate-card__photo estate-card__photo--none" />
            )}
            <span className="estate-card__badges">
              {card.sticker && (
                <span className={card.sticker.className ? `sticker ${card.sticker.className}` : 'sticker'} lang={card.sticker.textLang}>
                  {card.sticker.text}
                </span>
              )}
              <span className={card.available ? 'status-badge' : 'status-badge status-badge--closed'}>{card.statusLabel}</span>
            </span>
            {card.badges.length > 0 && (
              <span className="estate-card__marks">
                {card.badges.map((badge) => (
                  <span key={badge.kind} className={`history-badge history-badge--${badge.kind}`}>
                    {badge.text}
                  </span>
                ))}
              </span>
            )}
          </>
        ))}
        {/* A div: the heart is a <form>, which a <span> may not hold. */}
        {favorite !== undefined && <div className="estate-card__favorite">{favorite}</div>}
      </div>
      {cachedSection(`card:${card.id}:body:${headingLevel}`, () => (
        <div className="estate-card__body">
          <p className="estate-card__type">{card.typeLabel}</p>
          <Heading className="estate-card__title">
            <a href={card.path} className="estate-card__link" lang={card.titleLang}>
              {card.title}
            </a>
          </Heading>
          <p className="estate-card__price">{card.priceText}</p>
          {card.chargesText && <p className="estate-card__charges">{card.chargesText}</p>}
          {card.project?.priceRangeText && <p className="estate-card__range">{card.project.priceRangeText}</p>}
          <p className="estate-card__address">{card.addressText}</p>
          {card.project && <p className="estate-card__units">{card.project.unitsText}</p>}
          {(facts.length > 0 || card.energyText) && (
            <ul className="estate-card__facts">
              {facts.map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
              {/* Never cut short where cards have one height (similar estates: estate.css). */}
              {card.energyText && <li className="estate-card__energy">{card.energyText}</li>}
            </ul>
          )}
        </div>
      ))}
    </article>
  );
}
