import type { ReactElement } from 'react';
import type { EstateCard } from '../../src/estates/display/estate-card.js';
import type { CompareCell, CompareTable } from '../../src/favorites/compare-rows.js';
import { PHOTO_LAYOUTS } from '../../src/estates/images/image-variants.js';
import { Alert } from '../components/alert.js';
import { PhotoPlaceholder } from '../components/photo-placeholder.js';
import { Picture } from '../components/picture.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

export interface ComparePageModel {
  /** null when the comparison is refused (see `refusal`). */
  readonly table: CompareTable | null;
  /** "Comparison of 3 properties". */
  readonly caption: string;
  /** Why there is no comparison: too few or too many listings, or one the site does not show. */
  readonly refusal: { readonly title: string; readonly text: string } | null;
  readonly favoritesUrl: string;
  /** "Swipe the table sideways…": said on phones when they cannot show every listing side by side; else null. */
  readonly scrollHint: string | null;
}

function Cell({ cell, ctx, linkText, listing }: { cell: CompareCell; ctx: PageContext; linkText: string; listing: EstateCard }): ReactElement {
  if (cell.text === null) {
    return (
      <td className="compare-table__none">
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{ctx.t('compare.notStated')}</span>
      </td>
    );
  }
  return (
    <td>
      {cell.text}
      {cell.href && (
        <>
          {' '}
          <a className="compare-table__more" href={cell.href}>
            {linkText}
            <span className="visually-hidden" lang={listing.titleLang}>
              {': '}
              {listing.title}
            </span>
          </a>
        </>
      )}
    </td>
  );
}

const noteId = (key: string) => `compare-note-${key}`;

/** The listings side by side: a column per listing, a row per attribute, differing rows marked in words. */
function CompareTableView({ ctx, table, caption }: { ctx: PageContext; table: CompareTable; caption: string }): ReactElement {
  const { t } = ctx;
  const layout = PHOTO_LAYOUTS.thumb;
  return (
    // Focusable and named: on a phone the table scrolls sideways, and keyboards must be able to scroll it too.
    <div className="compare-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
      <table className={`compare-table compare-table--${table.columns.length}`}>
        <caption id="compare-caption">{caption}</caption>
        <thead>
          <tr>
            <td className="compare-table__corner" />
            {table.columns.map(({ id, card }) => (
              <th key={id} scope="col" className="compare-table__listing">
                <a href={card.path} className="compare-table__link">
                  {card.photo ? (
                    <Picture className="compare-table__photo" src={card.photo.src} alt="" width={layout.width} height={layout.height} widths={layout.widths} sizes={layout.sizes} />
                  ) : (
                    <PhotoPlaceholder className="compare-table__photo compare-table__photo--none" />
                  )}
                  <span className="compare-table__title" lang={card.titleLang}>
                    {card.title}
                  </span>
                </a>
                <span className="compare-table__meta">{card.typeLabel}</span>
                <span className="compare-table__meta">{card.addressText}</span>
                {!card.available && <span className="status-badge status-badge--closed">{card.statusLabel}</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key} className={row.differs ? 'compare-row compare-row--differs' : 'compare-row'} data-row={row.key}>
              <th scope="row" aria-describedby={row.note ? noteId(row.key) : undefined}>
                {/* One box, so that on a phone the name stays in view when four listings scroll sideways (compare.css). */}
                <span className="compare-row__name">
                  <span className="compare-row__label">
                    {row.label}
                    {row.note && (
                      <span className="compare-row__mark" aria-hidden="true">
                        *
                      </span>
                    )}
                  </span>
                  {row.differs && <span className="compare-row__differs">{t('compare.differs')}</span>}
                </span>
              </th>
              {row.cells.map((cell, index) => (
                <Cell key={table.columns[index]!.id} cell={cell} ctx={ctx} linkText={t('compare.purchaseCostLink')} listing={table.columns[index]!.card} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.rows
        .filter((row) => row.note)
        .map((row) => (
          <p key={row.key} id={noteId(row.key)} className="compare-note">
            <span aria-hidden="true">* </span>
            {row.note}
          </p>
        ))}
    </div>
  );
}

/** Two to four favourites side by side; printable (compare.css has the print layout). Refused comparisons say why. */
export function ComparePage({ ctx, model }: { ctx: PageContext; model: ComparePageModel }): ReactElement {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('compare.title')} description={t('compare.description')} noindex>
      <div className="container compare-page">
        <h1>{t('compare.heading')}</h1>
        {model.table ? (
          <>
            <p className="compare-page__intro">{t('compare.intro')}</p>
            {model.scrollHint && (
              <p className="compare-page__hint" aria-hidden="true">
                {model.scrollHint}
              </p>
            )}
            <CompareTableView ctx={ctx} table={model.table} caption={model.caption} />
            <p className="compare-page__printed">{t('compare.printedFrom', { url: ctx.canonicalUrl })}</p>
          </>
        ) : (
          model.refusal && (
            <Alert variant="info" id="compare-refused">
              <p>
                <strong>{model.refusal.title}</strong>
              </p>
              <p>{model.refusal.text}</p>
            </Alert>
          )
        )}
        <p className="compare-page__actions">
          <a className="button button--ghost" href={model.favoritesUrl}>
            {t('compare.back')}
          </a>
          {model.table && (
            // Shown by the page script (printing needs it); without JavaScript the browser's own print works the same.
            <button type="button" className="button" data-compare-print="" hidden>
              {t('compare.print')}
            </button>
          )}
        </p>
      </div>
    </Layout>
  );
}
