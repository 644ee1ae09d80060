import { Body, Controller, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { BookingQuote } from '../../views/fragments/booking-form.js';
import { HolidayOverviewPage, type HolidayOverviewModel } from '../../views/pages/holiday-overview-page.js';
import { HolidayUnitPage, type HolidayUnitPageModel } from '../../views/pages/holiday-unit-page.js';
import { NotFoundError } from '../utils/errors.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { fragment, type FragmentView, page, type PageView, submitted, type SubmittedView } from '../web/view.js';
import { AppConfig } from '../config/config.js';
import { FormHandler } from '../forms/form.decorator.js';
import { pickText } from '../i18n/localized-text.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';
import { BookingFormView } from './booking-form.view.js';
import { BookingRequestDto } from './booking-request.dto.js';
import { todayInBelgium } from './domain/stay.js';
import { HolidayBookingService } from './holiday-booking.service.js';
import { HolidayPageModels } from './holiday-page.model.js';
import { publishedCalendar } from './ical/ical-feed.js';
import { HolidayRepository, type StoredUnit } from './persistence/holiday.repository.js';

const ID = /^[1-9]\d{0,8}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const GUESTS = /^\d{1,2}$/;

/** The stay fields of a query string, when they look like what the form sends (anything else is dropped). */
function stayQuery(query: Record<string, unknown>): Record<string, string> {
  const pick = (name: string, pattern: RegExp) => (typeof query[name] === 'string' && pattern.test(query[name]) ? { [name]: query[name] } : {});
  return { ...pick('arrival', DATE), ...pick('departure', DATE), ...pick('guests', GUESTS) };
}

@Controller()
export class HolidayController {
  constructor(
    private readonly repository: HolidayRepository,
    private readonly pages: HolidayPageModels,
    private readonly bookings: HolidayBookingService,
    private readonly translations: TranslationService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  private async unit(rentalUnitId: string): Promise<StoredUnit> {
    const found = ID.test(rentalUnitId) ? await this.repository.find(Number(rentalUnitId)) : null;
    if (!found) throw new NotFoundError();
    return found;
  }

  /** Every unit as a card; `?arrival&departure&guests` keeps those free for that stay. */
  @Get(routerPaths('holidayOverview'))
  async overview(@RequestLocale() locale: Locale, @Query() query: Record<string, unknown>): Promise<PageView<HolidayOverviewModel>> {
    const today = todayInBelgium();
    const values = stayQuery(query);
    const version = `${await this.repository.availabilityVersion()}-${today}`;
    return page(
      HolidayOverviewPage,
      async () => {
        const units = (await this.repository.findAll()).map((stored) => stored.unit);
        return this.pages.overview(units, await this.repository.allRanges(), values, locale, today);
      },
      { route: 'holidayOverview', indexable: Object.keys(values).length === 0 },
      { version, query: values },
    );
  }

  /**
   * The unit page; `?arrival&departure&guests` (the form's "calculate the price" without JavaScript) fills the form
   * and shows the price, `?sent=1` thanks for a request. Versioned by the availability and the day (the calendar).
   */
  @Get(routerPaths('holiday'))
  async detail(
    @RequestLocale() locale: Locale,
    @Param('rentalUnitId') rentalUnitId: string,
    @Query() query: Record<string, unknown>,
  ): Promise<PageView<HolidayUnitPageModel>> {
    const { unit } = await this.unit(rentalUnitId);
    const today = todayInBelgium();
    const values = stayQuery(query);
    const sent = query.sent === '1';
    const version = `${await this.repository.availabilityVersion()}-${today}`;
    return page(
      HolidayUnitPage,
      async () => this.pages.pageModel(unit, await this.repository.ranges(unit.id), locale, today, { values, errors: {}, sent }),
      { route: 'holiday', params: { rentalUnitId: unit.id }, indexable: Object.keys(values).length === 0 && !sent },
      { version, query: { ...values, sent } },
    );
  }

  /** The price of the stay in the form (htmx asks when dates or guests change). */
  @Get(routerPaths('ajaxHolidayQuote'))
  async quote(@RequestLocale() locale: Locale, @Param('rentalUnitId') rentalUnitId: string, @Query() query: Record<string, unknown>): Promise<FragmentView> {
    const { unit } = await this.unit(rentalUnitId);
    const ranges = await this.repository.ranges(unit.id);
    const { quote, problem } = this.pages.quoteFor(unit, ranges, stayQuery(query), locale, todayInBelgium());
    const texts = this.pages.bookingTexts(locale);
    return fragment(() => BookingQuote({ quote, problem, texts }), { cache: 'no-store' });
  }

  @Post(routerPaths('holidayBooking'))
  @FormHandler({ name: 'booking-request', view: BookingFormView })
  async book(@RequestLocale() locale: Locale, @Param('rentalUnitId') rentalUnitId: string, @Body() dto: BookingRequestDto): Promise<SubmittedView> {
    const { unit } = await this.unit(rentalUnitId);
    await this.bookings.request(unit.id, dto, locale);
    return submitted(`${urlFor('holiday', locale, { rentalUnitId: unit.id })}?sent=1#booking`);
  }

  /** The unit's booked and blocked ranges as iCal, for booking platforms to subscribe to. */
  @Get(routerPaths('holidayCalendar'))
  async calendar(@RequestLocale() locale: Locale, @Param('rentalUnitId') rentalUnitId: string, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const { unit } = await this.unit(rentalUnitId);
    const t = this.translations.forLocale(locale).t;
    const text = publishedCalendar({
      name: pickText(unit.name, locale),
      unitId: unit.id,
      host: new URL(this.config.PUBLIC_BASE_URL).hostname,
      ranges: await this.repository.ranges(unit.id),
      summaries: { booked: t('holiday.calendar.booked'), blocked: t('holiday.calendar.blocked') },
    });
    return reply.type('text/calendar; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(text);
  }
}
