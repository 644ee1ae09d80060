import type { ReactElement } from 'react';
import type { HistoryLine } from '../../../src/estates/display/price-history.js';
import type { PageContext } from '../../page-context.js';

/** The listing's short history (price reductions and rises, status changes, when it came on the site), newest first. */
export function PriceHistorySection({ lines, t }: { lines: readonly HistoryLine[]; t: PageContext['t'] }): ReactElement | null {
  if (lines.length === 0) return null;
  return (
    <section className="detail-section price-history" aria-labelledby="price-history-title">
      <h2 id="price-history-title" className="price-history__title">
        {t('history.title')}
      </h2>
      <ul className="price-history__list">
        {lines.map((line, index) => (
          <li key={`${line.dateTime}-${index}`} className={`price-history__item price-history__item--${line.kind}`}>
            <time dateTime={line.dateTime}>{line.text}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
