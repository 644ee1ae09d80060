import type { ReactElement } from 'react';
import { Alert } from '../components/alert.js';
import { HolidayCard, type HolidayCardModel } from '../components/holiday-card.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

/** Cards whose photos load at once: the first row on a wide screen. */
const FIRST_SCREENFUL = 3;

export interface HolidayOverviewModel {
  readonly action: string;
  readonly values: Readonly<Record<'arrival' | 'departure' | 'guests', string>>;
  readonly minDate: string;
  readonly filtered: boolean;
  readonly problem: string | null;
  readonly count: string;
  readonly cards: readonly HolidayCardModel[];
}

/** Every holiday unit as a card; with arrival, departure and guests only those free for that stay (a GET form). */
export function HolidayOverviewPage({ ctx, model }: { ctx: PageContext; model: HolidayOverviewModel }): ReactElement {
  const { t } = ctx;
  return (
    <Layout ctx={ctx} title={t('holiday.overview.title')} description={t('holiday.overview.description')} noindex={model.filtered}>
      <div className="container holiday-overview">
        <h1>{t('holiday.overview.heading')}</h1>
        <p>{t('holiday.overview.intro')}</p>
        <form className="holiday-filter" action={model.action} method="get" role="search" aria-labelledby="holiday-filter-title">
          <h2 id="holiday-filter-title" className="visually-hidden">
            {t('holiday.overview.filter')}
          </h2>
          <div className="form-field">
            <label htmlFor="filter-arrival">{t('holiday.overview.arrival')}</label>
            <input id="filter-arrival" type="date" name="arrival" min={model.minDate} defaultValue={model.values.arrival} />
          </div>
          <div className="form-field">
            <label htmlFor="filter-departure">{t('holiday.overview.departure')}</label>
            <input id="filter-departure" type="date" name="departure" min={model.minDate} defaultValue={model.values.departure} />
          </div>
          <div className="form-field">
            <label htmlFor="filter-guests">{t('holiday.overview.guests')}</label>
            <input id="filter-guests" type="number" name="guests" min={1} max={30} defaultValue={model.values.guests} />
          </div>
          <div className="holiday-filter__actions">
            <button type="submit" className="button">
              {t('holiday.overview.search')}
            </button>
            {model.filtered && <a href={model.action}>{t('holiday.overview.reset')}</a>}
          </div>
        </form>
        {model.problem && (
          <Alert variant="danger">
            <p>{model.problem}</p>
          </Alert>
        )}
        <p className="holiday-overview__count" role="status">
          {model.count}
        </p>
        {model.cards.length === 0 ? (
          <p>{t('holiday.overview.none')}</p>
        ) : (
          <ul className="holiday-overview__list">
            {model.cards.map((card, index) => (
              <li key={card.id}>
                <HolidayCard card={card} eager={index < FIRST_SCREENFUL} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Layout>
  );
}
