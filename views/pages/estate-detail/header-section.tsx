import type { ReactElement } from 'react';
import type { EstateDisplayModel } from '../../../src/estates/display/estate-display.js';
import { Breadcrumb } from '../../components/breadcrumb.js';
import { cachedSection } from '../../cached-sections.js';
import { favoriteToggleFor } from '../../components/favorite-toggle.js';
import { Icon } from '../../components/icon.js';
import type { PageContext } from '../../page-context.js';
import type { DetailPageModel } from '../estate-detail-page.js';

export interface DetailHeaderProps {
  readonly ctx: PageContext;
  readonly display: EstateDisplayModel;
  readonly breadcrumb: DetailPageModel['breadcrumb'];
  readonly stickerClass: string | null;
}

/**
 * Breadcrumb, status and sticker, title with the heart, address, price and the key facts. All but the heart are
 * kept sections of the page (views/cached-sections.tsx): the heart returns to the page's URL with its query.
 */
export function DetailHeader({ ctx, display, breadcrumb, stickerClass }: DetailHeaderProps): ReactElement {
  return (
    <header className="estate-detail__header">
      {cachedSection('header:top', () => (
        <>
          <Breadcrumb {...breadcrumb} />
          <div className="estate-detail__badges">
            <span className={`status-badge${display.available ? '' : ' status-badge--closed'}`}>{display.statusLabel}</span>
            {display.sticker && (
              <span className={stickerClass ? `sticker ${stickerClass}` : 'sticker'} lang={display.sticker.textLang}>
                {display.sticker.text}
              </span>
            )}
          </div>
        </>
      ))}
      <div className="estate-detail__title">
        <h1 lang={display.titleLang}>{display.title}</h1>
        {favoriteToggleFor(ctx, display.id)}
      </div>
      {cachedSection('header:bottom', () => (
        <>
          <p className="estate-detail__address">
            <Icon name="pin" /> {display.address.lines.join(', ')}
          </p>
          <p className="estate-detail__price">
            {display.priceText}
            {display.pricePerArea && (
              <span className="estate-detail__price-per-area" data-price-per-area="">
                <abbr title={display.pricePerArea.label}>{display.pricePerArea.text}</abbr>
              </span>
            )}
          </p>
          <KeyFacts facts={display.keyFacts} label={ctx.t('detail.keyFacts')} />
        </>
      ))}
    </header>
  );
}

function KeyFacts({ facts, label }: { facts: EstateDisplayModel['keyFacts']; label: string }): ReactElement | null {
  if (facts.length === 0) return null;
  return (
    <ul className="key-facts" aria-label={label}>
      {facts.map((fact) => (
        <li key={fact.code}>
          <span className="key-facts__value">{fact.text}</span>
          <span className="key-facts__label">{fact.label}</span>
        </li>
      ))}
    </ul>
  );
}
