import { Inject, Injectable } from '@nestjs/common';
import type { BookingFormProps, BookingFormTexts, QuoteView } from '../../views/fragments/booking-form.js';
import type { HolidayCardModel } from '../../views/components/holiday-card.js';
import type { HolidayOverviewModel } from '../../views/pages/holiday-overview-page.js';
import type { HolidayUnitPageModel } from '../../views/pages/holiday-unit-page.js';
import { AppConfig } from '../config/config.js';
import { telHref } from '../estates/display/contact-links.js';
import { pickLocalized, pickText } from '../i18n/localized-text.js';
import type { Translator } from '../i18n/translator.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { breadcrumbJsonLd, holidayBreadcrumb } from '../seo/breadcrumbs.js';
import { holidayJsonLd, jsonForScript } from '../seo/structured-data.js';
import { availabilityCalendar } from './domain/availability-calendar.js';
import type { AvailabilityRange, HolidayUnit, IsoDate } from './domain/holiday-unit.js';
import { filterProblem, isFreeFor, type OverviewFilter } from './domain/overview-filter.js';
import { addDays, BOOKING_HORIZON_DAYS, priceRequestedStay, type Quote, type StayProblem } from './domain/stay.js';
import { longDate, money, monthCaption, period, weekdays } from './holiday-format.js';

const PHOTO_WIDTH = 1600;
const PHOTO_HEIGHT = 1067;
/** The months a phone shows before "show the next months": a season's worth, not a 4,000 px scroll to the form. */
const PHONE_MONTHS = 3;

/** What the visitor typed in the booking form, and each field's localized message. */
export interface BookingFormState {
  readonly values: Readonly<Record<string, string>>;
  readonly errors: Readonly<Record<string, string>>;
  readonly errorSummary?: string;
  readonly sent?: boolean;
}

/** A stay problem as the i18n key and arguments of its message. */
export function problemMessage(problem: StayProblem, t: Translator['t'], locale: Locale): string {
  switch (problem.code) {
    case 'unavailable':
      return t('holiday.errors.unavailable', { from: longDate(problem.from, locale), to: longDate(problem.to, locale) });
    case 'minimumStay':
      return t('holiday.errors.minimumStay', { count: problem.nights });
    case 'tooManyGuests':
      return t('holiday.errors.tooManyGuests', { count: problem.max });
    default:
      return t(`holiday.errors.${problem.code}`);
  }
}

/** Builds the holiday unit page's view model: texts in the visitor's language, formatted prices, calendar, form. */
@Injectable()
export class HolidayPageModels {
  constructor(
    private readonly translations: TranslationService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private absoluteUrl(path: string): string {
    return new URL(path, this.config.PUBLIC_BASE_URL).toString();
  }

  quoteView(quote: Quote, locale: Locale): QuoteView {
    const t = this.translations.forLocale(locale).t;
    return {
      lines: [
        ...quote.lines.map((line) => ({
          label: t('holiday.quote.nights', { count: line.nights, season: pickText(line.season.name, locale) }),
          amount: money(line.amount),
        })),
        { label: t('holiday.fees.cleaning'), amount: money(quote.cleaning) },
        { label: t('holiday.fees.touristTax'), amount: money(quote.touristTax) },
      ],
      total: money(quote.total),
      deposit: money(quote.deposit),
      note: t('holiday.quote.note'),
    };
  }

  /** The price of the stay in `values`, or why there is none yet (no dates: neither). */
  quoteFor(unit: HolidayUnit, ranges: readonly AvailabilityRange[], values: Readonly<Record<string, string>>, locale: Locale, today: IsoDate): { quote: QuoteView | null; problem?: string } {
    if (!values.arrival || !values.departure) return { quote: null };
    const t = this.translations.forLocale(locale).t;
    const guests = Number(values.guests || '1');
    // The same rule as the request that is sent: the quote shown is the price stored and mailed.
    const { quote, problems } = priceRequestedStay(unit, ranges, { arrival: values.arrival, departure: values.departure, guests }, today);
    if (problems.length > 0) return { quote: null, problem: problemMessage(problems[0], t, locale) };
    return quote ? { quote: this.quoteView(quote, locale) } : { quote: null };
  }

  card(unit: HolidayUnit, locale: Locale): HolidayCardModel {
    const t = this.translations.forLocale(locale).t;
    const name = pickLocalized(unit.name, locale);
    const photo = unit.photos[0];
    const lowest = Math.min(...unit.seasons.map((season) => season.perNight));
    return {
      id: unit.id,
      url: urlFor('holiday', locale, { rentalUnitId: unit.id }),
      name: name.text,
      nameLang: name.lang === locale ? null : name.lang,
      place: `${unit.address.city} · ${t(`holiday.regions.${unit.region}`)}`,
      capacity: t('holiday.overview.capacity', { count: unit.guests }),
      // A studio has no separate bedroom: "0 bedrooms" reads like a mistake.
      bedrooms: unit.bedrooms > 0 ? t('holiday.overview.bedrooms', { count: unit.bedrooms }) : t('holiday.studio'),
      priceFrom: Number.isFinite(lowest) ? t('holiday.overview.priceFrom', { price: money(lowest) }) : '',
      photo: photo ? { src: photo.large, alt: pickText(photo.alt, locale) } : null,
    };
  }

  /** The overview: every unit, or with a valid filter only those free for the stay and large enough. */
  overview(
    units: readonly HolidayUnit[],
    ranges: ReadonlyMap<number, readonly AvailabilityRange[]>,
    values: Readonly<Record<string, string>>,
    locale: Locale,
    today: IsoDate,
  ): HolidayOverviewModel {
    const t = this.translations.forLocale(locale).t;
    const filter: OverviewFilter = {
      arrival: values.arrival,
      departure: values.departure,
      guests: values.guests ? Number(values.guests) : undefined,
    };
    const problem = filterProblem(filter, today);
    const effective = problem ? { guests: filter.guests } : filter;
    const shown = units.filter((unit) => isFreeFor(unit, ranges.get(unit.id) ?? [], effective));
    return {
      action: urlFor('holidayOverview', locale),
      values: { arrival: values.arrival ?? '', departure: values.departure ?? '', guests: values.guests ?? '' },
      minDate: today,
      filtered: Object.keys(values).length > 0,
      problem: problem ? t(`holiday.overview.${problem}`) : null,
      count: t('holiday.overview.results', { count: shown.length }),
      cards: shown.map((unit) => this.card(unit, locale)),
    };
  }

  bookingTexts(locale: Locale): BookingFormTexts {
    const t = this.translations.forLocale(locale).t;
    const keys = ['title', 'intro', 'arrival', 'departure', 'guests', 'name', 'email', 'phone', 'message', 'privacyConsent', 'privacyLink', 'required', 'calculate', 'submit', 'quoteTitle', 'quoteTotal', 'quoteDeposit', 'quoteEmpty'] as const;
    return { ...Object.fromEntries(keys.map((key) => [key, t(`holiday.booking.${key}`)])), failed: t('flows.failed') } as unknown as BookingFormTexts;
  }

  bookingForm(unit: HolidayUnit, ranges: readonly AvailabilityRange[], locale: Locale, today: IsoDate, state: BookingFormState): BookingFormProps {
    const t = this.translations.forLocale(locale).t;
    const params = { rentalUnitId: unit.id };
    const { quote, problem } = this.quoteFor(unit, ranges, state.values, locale, today);
    return {
      action: urlFor('holidayBooking', locale, params),
      pageUrl: urlFor('holiday', locale, params),
      quoteUrl: urlFor('ajaxHolidayQuote', locale, params),
      privacyUrl: urlFor('privacy', locale),
      maxGuests: unit.guests,
      minDate: today,
      maxDate: addDays(today, BOOKING_HORIZON_DAYS),
      texts: this.bookingTexts(locale),
      values: state.values,
      errors: state.errors,
      errorSummary: state.errorSummary,
      quote,
      quoteProblem: problem,
      sent: state.sent ? t('holiday.booking.sent') : undefined,
      botCheck: this.config.botCheckClient,
    };
  }

  pageModel(unit: HolidayUnit, ranges: readonly AvailabilityRange[], locale: Locale, today: IsoDate, state: BookingFormState): HolidayUnitPageModel {
    const t = this.translations.forLocale(locale).t;
    const name = pickLocalized(unit.name, locale);
    const description = pickLocalized(unit.description, locale);
    const houseRules = pickLocalized(unit.houseRules, locale);
    const region = t(`holiday.regions.${unit.region}`);
    const address = `${unit.address.street}, ${unit.address.zip} ${unit.address.city}`;
    const stateText = { free: t('holiday.calendar.free'), booked: t('holiday.calendar.booked'), blocked: t('holiday.calendar.blocked'), past: t('holiday.calendar.past') };
    const today12 = availabilityCalendar(ranges, today);
    const lowest = Math.min(...unit.seasons.map((season) => season.perNight));
    const breadcrumb = holidayBreadcrumb({ locale, name: name.text, path: urlFor('holiday', locale, { rentalUnitId: unit.id }) }, this.translations.forLocale(locale));
    return {
      title: t('holiday.unit.title', { name: name.text, city: unit.address.city }),
      metaDescription: t('holiday.unit.metaDescription', { name: name.text, city: unit.address.city, count: unit.guests }),
      name: { text: name.text, lang: name.lang === locale ? null : name.lang },
      place: `${unit.address.city} · ${region}`,
      description: { text: description.text, lang: description.lang === locale ? null : description.lang },
      houseRules: { text: houseRules.text, lang: houseRules.lang === locale ? null : houseRules.lang },
      facts: [
        { label: t('holiday.unit.guests'), value: String(unit.guests) },
        { label: t('holiday.unit.bedrooms'), value: unit.bedrooms > 0 ? String(unit.bedrooms) : t('holiday.studio') },
        { label: t('holiday.unit.bathrooms'), value: String(unit.bathrooms) },
        { label: t('holiday.unit.beds'), value: String(unit.beds) },
        ...(Number.isFinite(lowest) ? [{ label: t('holiday.unit.priceFrom'), value: t('holiday.unit.perNight', { price: money(lowest) }) }] : []),
      ],
      amenities: unit.amenities.map((amenity) => ({ name: amenity, label: t(`holiday.amenities.${amenity}`) })),
      checkIn: t('holiday.unit.from', { time: unit.checkIn }),
      checkOut: t('holiday.unit.until', { time: unit.checkOut }),
      gallery: {
        label: t('detail.gallery.label', { title: name.text }),
        photos: unit.photos.map((photo) => ({ large: photo.large, thumb: photo.thumb, alt: pickText(photo.alt, locale), width: PHOTO_WIDTH, height: PHOTO_HEIGHT })),
        texts: {
          previous: t('detail.gallery.previous'),
          next: t('detail.gallery.next'),
          close: t('detail.gallery.close'),
          play: t('detail.gallery.play'),
          pause: t('detail.gallery.pause'),
          thumbnails: t('detail.gallery.thumbnails'),
          openViewer: t('detail.gallery.openViewer'),
          viewer: t('detail.gallery.viewer'),
          loadError: t('detail.gallery.loadError'),
          noPhotos: t('detail.gallery.noPhotos'),
        },
      },
      map: {
        title: t('detail.map.title'),
        address,
        lat: unit.address.lat,
        lon: unit.address.lon,
        tileUrl: this.config.MAP_TILE_URL,
        attribution: this.config.MAP_TILE_ATTRIBUTION,
        mapLabel: t('detail.map.label', { title: name.text }),
        zoomInTitle: t('detail.map.zoomIn'),
        zoomOutTitle: t('detail.map.zoomOut'),
      },
      address,
      contact: { ...unit.contact, telHref: telHref(unit.contact.phone) },
      prices: {
        rows: unit.seasons
          .filter((season) => season.end > today && season.start <= addDays(today, BOOKING_HORIZON_DAYS))
          .map((season) => ({
            name: pickText(season.name, locale),
            period: period(season.start, season.end, locale),
            perNight: money(season.perNight),
            perWeek: money(season.perWeek),
            minimumStay: t('holiday.prices.nights', { count: season.minimumNights }),
          })),
        fees: [
          { label: t('holiday.fees.cleaning'), value: money(unit.fees.cleaning) },
          { label: t('holiday.fees.deposit'), value: money(unit.fees.deposit) },
          { label: t('holiday.fees.touristTax'), value: t('holiday.fees.perPersonNight', { price: money(unit.fees.touristTaxPerPersonNight) }) },
        ],
      },
      calendar: {
        title: t('holiday.calendar.title'),
        help: t('holiday.calendar.help'),
        weekdays: weekdays(locale),
        legend: stateText,
        firstMonths: PHONE_MONTHS,
        more: t('holiday.calendar.more', { count: today12.length - PHONE_MONTHS }),
        months: today12.map((month) => ({
          id: month.month,
          caption: monthCaption(month.month, locale),
          weeks: month.weeks.map((week) => week.map((day) => day && { ...day, label: `${longDate(day.date, locale)}, ${stateText[day.state]}` })),
        })),
      },
      booking: this.bookingForm(unit, ranges, locale, today, state),
      icsUrl: urlFor('holidayCalendar', locale, { rentalUnitId: unit.id }),
      overviewUrl: urlFor('holidayOverview', locale),
      noindex: Object.keys(state.values).length > 0 || !!state.sent,
      breadcrumb,
      breadcrumbJsonLd: jsonForScript(breadcrumbJsonLd(breadcrumb.crumbs, (path) => this.absoluteUrl(path))),
      jsonLd: jsonForScript(
        holidayJsonLd({
          id: unit.id,
          url: this.absoluteUrl(urlFor('holiday', locale, { rentalUnitId: unit.id })),
          name: name.text,
          description: description.text,
          images: unit.photos.map((photo) => this.absoluteUrl(photo.large)),
          address: unit.address,
          geo: unit.address.lat !== null && unit.address.lon !== null ? { lat: unit.address.lat, lon: unit.address.lon } : null,
          guests: unit.guests,
          bedrooms: unit.bedrooms,
          amenities: unit.amenities.map((amenity) => t(`holiday.amenities.${amenity}`)),
          checkIn: unit.checkIn,
          checkOut: unit.checkOut,
        }),
      ),
    };
  }
}
