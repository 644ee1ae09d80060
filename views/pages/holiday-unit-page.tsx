import type { ReactElement } from 'react';
import type { Breadcrumb as BreadcrumbModel } from '../../src/seo/breadcrumbs.js';
import { Breadcrumb } from '../components/breadcrumb.js';
import type { Amenity } from '../../src/holiday/domain/holiday-unit.js';
import { AmenityIcon } from '../components/amenity-icon.js';
import { AvailabilityCalendar, type AvailabilityCalendarProps } from '../components/availability-calendar.js';
import { Gallery, type GalleryProps } from '../components/gallery.js';
import { Icon } from '../components/icon.js';
import { MapBlock, type MapBlockProps } from '../components/map-block.js';
import { BookingForm, type BookingFormProps } from '../fragments/booking-form.js';
import { Layout } from '../layouts/layout.js';
import type { PageContext } from '../page-context.js';

/** A text and the language it is in (a fallback is marked with `lang`). */
export interface TextInLang {
  readonly text: string;
  readonly lang: string | null;
}

export interface SeasonRow {
  readonly name: string;
  readonly period: string;
  readonly perNight: string;
  readonly perWeek: string;
  readonly minimumStay: string;
}

export interface HolidayUnitPageModel {
  readonly title: string;
  readonly metaDescription: string;
  readonly name: TextInLang;
  readonly place: string;
  readonly description: TextInLang;
  readonly houseRules: TextInLang;
  readonly facts: ReadonlyArray<{ readonly label: string; readonly value: string }>;
  readonly amenities: ReadonlyArray<{ readonly name: Amenity; readonly label: string }>;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly gallery: GalleryProps;
  readonly map: MapBlockProps;
  readonly address: string;
  readonly contact: { readonly name: string; readonly email: string; readonly phone: string; readonly telHref: string };
  readonly prices: { readonly rows: readonly SeasonRow[]; readonly fees: ReadonlyArray<{ readonly label: string; readonly value: string }> };
  readonly calendar: AvailabilityCalendarProps;
  readonly booking: BookingFormProps;
  readonly icsUrl: string;
  readonly overviewUrl: string;
  /** A page with the visitor's dates or thanks in its URL is not indexed. */
  readonly noindex: boolean;
  /** The unit's VacationRental JSON-LD, ready for a script element. */
  readonly jsonLd: string;
  /** Home → holiday rentals → this unit, shown above the title and as BreadcrumbList JSON-LD. */
  readonly breadcrumb: BreadcrumbModel;
  readonly breadcrumbJsonLd: string;
}

export function HolidayUnitPage({ ctx, model }: { ctx: PageContext; model: HolidayUnitPageModel }): ReactElement {
  const { t } = ctx;
  return (
    <Layout
      ctx={ctx}
      title={model.title}
      description={model.metaDescription}
      noindex={model.noindex}
      head={
        <>
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: model.jsonLd }} />
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: model.breadcrumbJsonLd }} />
        </>
      }
    >
      <article className="container holiday">
        <Breadcrumb {...model.breadcrumb} />
        <header className="holiday__header">
          <h1 lang={model.name.lang ?? undefined}>{model.name.text}</h1>
          <p className="holiday__place">
            <Icon name="pin" /> {model.place}
          </p>
          {/* On a phone the form comes after the description, the prices and the calendar: one tap to it from the first screen. */}
          <p className="holiday__book">
            <a className="button" href="#booking">
              {t('holiday.unit.book')}
            </a>
          </p>
        </header>
        <Gallery {...model.gallery} />
        <div className="holiday__layout">
          <div className="holiday__main">
            <section aria-labelledby="holiday-about">
              <h2 id="holiday-about">{t('holiday.unit.about')}</h2>
              <p lang={model.description.lang ?? undefined}>{model.description.text}</p>
              <dl className="holiday__facts">
                {model.facts.map((fact) => (
                  <div key={fact.label}>
                    <dt>{fact.label}</dt>
                    <dd>{fact.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <section aria-labelledby="holiday-amenities">
              <h2 id="holiday-amenities">{t('holiday.unit.amenities')}</h2>
              <ul className="holiday__amenities">
                {model.amenities.map((amenity) => (
                  <li key={amenity.name}>
                    <AmenityIcon name={amenity.name} />
                    {amenity.label}
                  </li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="holiday-rules">
              <h2 id="holiday-rules">{t('holiday.unit.rules')}</h2>
              <dl className="holiday__facts">
                <div>
                  <dt>{t('holiday.unit.checkIn')}</dt>
                  <dd>{model.checkIn}</dd>
                </div>
                <div>
                  <dt>{t('holiday.unit.checkOut')}</dt>
                  <dd>{model.checkOut}</dd>
                </div>
              </dl>
              <p lang={model.houseRules.lang ?? undefined}>{model.houseRules.text}</p>
            </section>
            <section>
              <h2 id="holiday-prices">{t('holiday.prices.title')}</h2>
              {/*
                On phones each season is a block of its own (holiday.css), every value after its column's name; wider,
                it scrolls sideways if it must: focusable, so a keyboard can scroll it too. No ARIA roles on the table's
                parts: they repeat what the elements are (the Nu checker's "unnecessary role" errors), and today's
                browsers keep a table's semantics when its CSS display changes.
              */}
              <div className="table-scroll" role="region" aria-labelledby="holiday-prices" tabIndex={0}>
                <table className="holiday__prices">
                  <caption className="visually-hidden">{t('holiday.prices.title')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('holiday.prices.season')}</th>
                      <th scope="col">{t('holiday.prices.period')}</th>
                      <th scope="col">{t('holiday.prices.perNight')}</th>
                      <th scope="col">{t('holiday.prices.perWeek')}</th>
                      <th scope="col">{t('holiday.prices.minimumStay')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {model.prices.rows.map((row) => (
                      <tr key={row.period}>
                        <th scope="row">{row.name}</th>
                        <td data-label={t('holiday.prices.period')}>{row.period}</td>
                        <td data-label={t('holiday.prices.perNight')}>{row.perNight}</td>
                        <td data-label={t('holiday.prices.perWeek')}>{row.perWeek}</td>
                        <td data-label={t('holiday.prices.minimumStay')}>{row.minimumStay}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <dl className="holiday__facts">
                {model.prices.fees.map((fee) => (
                  <div key={fee.label}>
                    <dt>{fee.label}</dt>
                    <dd>{fee.value}</dd>
                  </div>
                ))}
              </dl>
            </section>
            <AvailabilityCalendar {...model.calendar} />
            <p>
              <a href={model.icsUrl}>{t('holiday.unit.ics')}</a>
            </p>
            <MapBlock {...model.map} />
          </div>
          <aside className="holiday__aside">
            <section className="holiday__contact" aria-labelledby="holiday-contact">
              <h2 id="holiday-contact">{t('holiday.unit.contact')}</h2>
              <p>{model.contact.name}</p>
              <p>
                <a href={model.contact.telHref}>
                  <Icon name="phone" /> {model.contact.phone}
                </a>
              </p>
              <p>
                <a href={`mailto:${model.contact.email}`}>
                  <Icon name="mail" /> {model.contact.email}
                </a>
              </p>
              <address>{model.address}</address>
            </section>
            <BookingForm {...model.booking} />
          </aside>
        </div>
      </article>
    </Layout>
  );
}
