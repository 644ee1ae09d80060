import type { ReactElement } from 'react';
import { PHOTO_LAYOUTS } from '../../src/estates/images/image-variants.js';
import { PhotoPlaceholder } from './photo-placeholder.js';
import { Picture } from './picture.js';

export interface HolidayCardModel {
  readonly id: number;
  readonly url: string;
  readonly name: string;
  readonly nameLang: string | null;
  readonly place: string;
  readonly capacity: string;
  readonly bedrooms: string;
  readonly priceFrom: string;
  readonly photo: { readonly src: string; readonly alt: string } | null;
}

/** A holiday unit in a list: photo, name, place, capacity and the lowest nightly price. */
/** `eager`: a card in the first screenful loads its photo at once. */
export function HolidayCard({ card, eager = false }: { card: HolidayCardModel; eager?: boolean }): ReactElement {
  return (
    <article className="holiday-card">
      <div className="holiday-card__photo">
        {card.photo ? (
          <Picture
            src={card.photo.src}
            alt={card.photo.alt}
            width={PHOTO_LAYOUTS.card.width}
            height={PHOTO_LAYOUTS.card.height}
            widths={PHOTO_LAYOUTS.card.widths}
            sizes="(min-width: 1200px) 380px, (min-width: 700px) 45vw, 92vw"
            loading={eager ? 'eager' : 'lazy'}
          />
        ) : (
          <PhotoPlaceholder />
        )}
      </div>
      <div className="holiday-card__body">
        <h2 className="holiday-card__title">
          <a href={card.url} lang={card.nameLang ?? undefined}>
            {card.name}
          </a>
        </h2>
        <p className="holiday-card__place">{card.place}</p>
        <p className="holiday-card__facts">
          <span>{card.capacity}</span> · <span>{card.bedrooms}</span>
        </p>
        <p className="holiday-card__price">{card.priceFrom}</p>
      </div>
    </article>
  );
}
