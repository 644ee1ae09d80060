import type { Browser, Page } from 'playwright-core';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { fileTranslator } from '../support/file-translator.js';
import { until } from '../support/poll.js';
import {
  botChecks as botChecksAt,
  expectBotChecked as expectBotCheckedAt,
  expectLead as expectLeadAt,
  expectShown,
  gotoOk,
  type JourneyStage,
  MailChecks,
  searchResults,
  shot,
  startJourneys,
  visit,
} from './support/journey.js';
import { MODES, type Stack } from './support/stack.js';

/** The agency's mail language (its name and address are the stack's: production has its own identity). */
const AGENCY = { locale: 'nl' };

describe.each(MODES)('visitor journeys (%s)', (mode) => {
  let stack: Stack;
  let browser: Browser;
  let stage: JourneyStage;

  beforeAll(async () => {
    ({ stack, browser } = stage = await startJourneys(mode));
  });

  afterAll(() => stage?.close());

  const url = (path: string) => `${stack.baseUrl}${path}`;

  const expectLead = (email: string, type: string) => expectLeadAt(stack, email, type);
  const expectBotChecked = (before: number, form: string) => expectBotCheckedAt(stack, before, form);
  const botChecks = () => botChecksAt(stack);
  const firstSearchResult = async (page: Page, locale: Locale) => (await searchResults(page, locale))[0]!;

  it('search → detail → extra information (desktop, JavaScript)', async () => {
    const mailChecks = new MailChecks(stack);
    const t = fileTranslator('en').t;
    const visitor = `extra-${mode}@example.be`;
    const { page, errors, close } = await visit(browser);
    try {
      await gotoOk(page, url(urlFor('home', 'en')));
      await page.locator('#search-form').getByRole('button', { name: t('search.form.submit') }).click();
      await page.waitForLoadState('networkidle');
      const detail = await firstSearchResult(page, 'en');
      await page.locator(`.search-results a[href="${detail}"]`).first().click();
      await page.waitForURL((address) => address.pathname.startsWith('/en/offer/'));
      const checksBefore = botChecks();
      await page.getByRole('button', { name: t('detail.extraInfo.open') }).click();
      const dialog = page.getByRole('dialog', { name: t('detail.extraInfo.title') });
      await dialog.locator('[name="name"]').fill('Extra Visitor');
      await dialog.locator('[name="email"]').fill(visitor);
      await dialog.locator('[name="message"]').fill('Can I visit on Saturday?');
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: t('forms.submit') }).click();
      await page.locator('[data-modal-success]:not([hidden])').waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-modal-success]:not([hidden])').textContent()).toContain(t('detail.extraInfo.success'));
      await shot(page, stack, 'extra-info-sent-1280');
      expectBotChecked(checksBefore, 'extra information');

      const mail = await stack.mails.waitFor(stack.agency.email, (candidate) => candidate.replyTo?.value[0]?.address === visitor);
      expect(mail.text).toContain('Can I visit on Saturday?');
      await mailChecks.check('to the agency', mail, { language: AGENCY.locale, fromName: stack.agency.name, replyTo: visitor });
      await expectLead(visitor, 'extra-info');
      expect(errors).toEqual([]);
      mailChecks.expectNone();
    } finally {
      await close();
    }
  });

  it.each([
    ['phone', true],
    ['desktop', false],
  ] as const)('send to a friend (%s, JavaScript %s; production always with JavaScript: its bot check needs the provider script)', async (device, withScript) => {
    const mailChecks = new MailChecks(stack);
    const javaScript = withScript || mode === 'production';
    const locale: Locale = javaScript ? 'nl' : 'fr';
    const t = fileTranslator(locale).t;
    const sender = `sender-${mode}-${device}@example.be`;
    const friend = `friend-${mode}-${device}@example.be`;
    const { page, close } = await visit(browser, { device, javaScript });
    try {
      await gotoOk(page, url(urlFor('home', locale)));
      const detail = await firstSearchResult(page, locale);
      await gotoOk(page, url(detail));
      const checksBefore = botChecks();
      if (javaScript) {
        // The link becomes a button that opens a dialog once the modal-form island has mounted (its chunk loads
        // after the page): count the buttons then, not before.
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLElement>('[data-island="modal-form"]')].every((island) => island.dataset.islandState === 'mounted'),
        );
        const button = page.getByRole('button', { name: t('detail.sendToFriend.open') });
        expect({ sendToFriendOffered: await button.count() }).toEqual({ sendToFriendOffered: 1 });
        await button.click();
        const dialog = page.getByRole('dialog', { name: t('detail.sendToFriend.title') });
        await dialog.locator('[name="name"]').fill('Marie');
        await dialog.locator('[name="email"]').fill(sender);
        await dialog.locator('[name="friendName"]').fill('Luc');
        await dialog.locator('[name="friendEmail"]').fill(friend);
        await dialog.getByRole('button', { name: t('forms.submit') }).click();
        await page.locator('[data-modal-success]:not([hidden])').waitFor({ timeout: 20_000 });
      } else {
        const link = page.getByRole('link', { name: t('detail.sendToFriend.open') });
        expect({ sendToFriendOffered: await link.count() }).toEqual({ sendToFriendOffered: 1 });
        await link.click();
        const form = page.locator(`form[action="${urlFor('ajaxSendToFriend', locale)}"]`);
        await form.locator('[name="name"]').fill('Marie');
        await form.locator('[name="email"]').fill(sender);
        await form.locator('[name="friendName"]').fill('Luc');
        await form.locator('[name="friendEmail"]').fill(friend);
        await form.getByRole('button', { name: t('forms.submit') }).click();
        await expectShown(page, t('detail.sendToFriend.success'), 'send to a friend without JavaScript');
        expect(await page.getByText(t('detail.sendToFriend.success')).isVisible()).toBe(true);
      }
      await shot(page, stack, `send-to-friend-${device}`);
      expectBotChecked(checksBefore, 'send to a friend');
      const mail = await stack.mails.waitFor(friend);
      expect(mail.subject).toBe(t('mail.sendToFriend.subject', { name: 'Marie', title: mail.subject?.split(': ').slice(1).join(': ') ?? '' }));
      await mailChecks.check('to the friend', mail, { language: locale, fromName: stack.agency.name });
      await expectLead(sender, 'send-to-friend');
      mailChecks.expectNone();
    } finally {
      await close();
    }
  });

  it('favourites → mail me my favourites (desktop; without JavaScript in the demo)', async () => {
    const mailChecks = new MailChecks(stack);
    const locale: Locale = 'de';
    const t = fileTranslator(locale).t;
    const visitor = `favourites-${mode}@example.be`;
    // Production with JavaScript (its bot check needs the provider script), the demo without (no bot check).
    const javaScript = mode === 'production';
    const { page, close } = await visit(browser, { javaScript });
    try {
      await gotoOk(page, url(urlFor('home', locale)));
      const detail = await firstSearchResult(page, locale);
      const id = /\/(\d+)(?:\/|$)/.exec(detail)![1]!;
      await gotoOk(page, url(detail));
      await page.locator(`form[data-favorite-id="${id}"] button`).first().click();
      // With JavaScript htmx posts the heart in place: leaving before its answer would cancel it.
      if (javaScript) await page.locator(`form[data-favorite-id="${id}"] button[aria-pressed="true"]`).first().waitFor();
      else await page.waitForLoadState('load');
      await gotoOk(page, url(urlFor('favorites', locale)));
      await page.locator(`article[data-estate-id="${id}"]`).waitFor();
      const form = page.locator('#favorites-mail');
      await form.locator('[name="email"]').fill(visitor);
      await form.locator('#favorites-privacy').check();
      await form.getByRole('button', { name: t('flows.favorites.mailSubmit') }).click();
      await expectShown(page, t('flows.favorites.mailSent'), 'favourites mailed');
      await shot(page, stack, `favourites-mailed-${javaScript ? 'js' : 'no-js'}`);
      const mail = await stack.mails.waitFor(visitor);
      expect(mail.subject).toBe(t('flows.mail.favorites.subject', { site: stack.agency.name }));
      await mailChecks.check('favourites', mail, { language: locale, fromName: stack.agency.name, replyTo: stack.agency.email });
      mailChecks.expectNone();
    } finally {
      await close();
    }
  });

  it('contact (phone, JavaScript)', async () => {
    const mailChecks = new MailChecks(stack);
    const t = fileTranslator('nl').t;
    const visitor = `contact-${mode}@example.be`;
    const { page, close } = await visit(browser, { device: 'phone' });
    try {
      await gotoOk(page, url(urlFor('contact', 'nl')));
      await page.locator('form#contact-form[data-island-state="mounted"]').waitFor();
      const checksBefore = botChecks();
      await page.locator('#contact-form [name="name"]').fill('Contact Bezoeker');
      await page.locator('#contact-form [name="email"]').fill(visitor);
      await page.locator('#contact-form [name="message"]').fill('Een vraag over verkopen.');
      await page.locator('#contact-privacy').check();
      await page.locator('#contact-form').getByRole('button', { name: t('forms.submit') }).click();
      await expectShown(page, t('flows.contact.thanks'), 'contact message sent');
      await shot(page, stack, 'contact-sent-390');
      expectBotChecked(checksBefore, 'contact');
      const mail = await stack.mails.waitFor(stack.agency.email, (candidate) => candidate.replyTo?.value[0]?.address === visitor);
      expect(mail.subject).toBe(t('flows.mail.contact.subject', { name: 'Contact Bezoeker' }));
      await mailChecks.check('to the agency', mail, { language: AGENCY.locale, fromName: stack.agency.name, replyTo: visitor });
      await expectLead(visitor, 'contact');
      mailChecks.expectNone();
    } finally {
      await close();
    }
  });

  /**
   * The first arrival from `from` on whose `nights` nights the unit page's availability calendar shows as free
   * (each day's cell is the state of the night that starts on it).
   */
  async function freeArrival(page: Page, from: string, nights: number): Promise<string> {
    const days = await page
      .locator('.availability td.cal-day[data-date]')
      .evaluateAll((cells: Element[]) => cells.map((cell) => ({ date: cell.getAttribute('data-date')!, free: cell.classList.contains('cal-day--free') })));
    const free = new Set(days.filter((day) => day.free).map((day) => day.date));
    for (let arrival = from; days.some((day) => day.date >= addDays(arrival, nights - 1)); arrival = addDays(arrival, 1)) {
      if (Array.from({ length: nights }, (_, night) => addDays(arrival, night)).every((night) => free.has(night))) return arrival;
    }
    throw new Error(`the page's calendar shows no ${nights} free nights in a row from ${from} (${days.length} days shown)`);
  }

  it.each([
    ['desktop', true],
    ['phone', false],
  ] as const)('holiday overview → unit → booking, valid and refused (%s, JavaScript %s; production always with JavaScript)', async (device, withScript) => {
    const mailChecks = new MailChecks(stack);
    const javaScript = withScript || mode === 'production';
    const locale: Locale = 'en';
    const t = fileTranslator(locale).t;
    const visitor = `booking-${mode}-${device}@example.be`;
    const { page, errors, close } = await visit(browser, { device, javaScript });
    try {
      await gotoOk(page, url(urlFor('holidayOverview', locale)));
      const unitLink = page.locator('a[href^="/en/holiday/"]').first();
      const href = (await unitLink.getAttribute('href'))!;
      await gotoOk(page, url(href));
      const form = page.locator('#booking-form');
      const fill = async (arrival: string, departure: string) => {
        await form.locator('#booking-arrival').fill(arrival);
        await form.locator('#booking-departure').fill(departure);
        await form.locator('#booking-guests').fill('2');
        await form.locator('#booking-name').fill('Els Janssens');
        await form.locator('#booking-email').fill(visitor);
        await form.locator('#booking-privacy').check();
      };
      // A week the page itself shows as free (the demo's units have stays booked relative to today).
      const arrival = await freeArrival(page, addDays(todayInBelgium(), 40 + (device === 'phone' ? 30 : 0)), 7);
      // Refused by the server: one night, below every season's minimum stay. The visitor sees why, where they look,
      // and keeps what they typed.
      await fill(arrival, addDays(arrival, 1));
      await form.getByRole('button', { name: t('holiday.booking.submit') }).click();
      await expectShown(page, t('holiday.booking.errorSummary'), 'booking refused for a one-night stay');
      const summary = page.getByText(t('holiday.booking.errorSummary'));
      expect({ refusedKeepsName: await page.locator('#booking-name').inputValue() }).toEqual({ refusedKeepsName: 'Els Janssens' });
      // The error is where the visitor looks: in the viewport. Without JavaScript the browser scrolls to the action's
      // fragment once it has laid the page out, which can come after the text is shown (seen on a busy machine).
      const inView = () => summary.evaluate((element: Element) => { const box = element.getBoundingClientRect(); return box.top >= 0 && box.bottom <= window.innerHeight; });
      await until('the refused booking\'s summary in the viewport', inView, (seen) => seen);
      await shot(page, stack, `booking-refused-${device}`);

      await fill(arrival, addDays(arrival, 7));
      const checksBefore = botChecks();
      await page.locator('#booking-form').getByRole('button', { name: t('holiday.booking.submit') }).click();
      await expectShown(page, t('holiday.booking.sent').slice(0, 40), 'booking request sent');
      await shot(page, stack, `booking-sent-${device}`);
      expectBotChecked(checksBefore, 'holiday booking');
      const copy = await stack.mails.waitFor(visitor);
      // Replies go to the unit's own contact (the holiday desk the request went to), shown on the page.
      const unitContact = (await page.locator('.holiday__contact a[href^="mailto:"]').first().getAttribute('href'))!.slice('mailto:'.length);
      await mailChecks.check('booking copy to the visitor', copy, { language: locale, fromName: stack.agency.name, replyTo: unitContact });
      await expectLead(visitor, 'booking');
      // The refusal the journey asked for is an error response by design (422, the form with what to correct).
      if (javaScript) expect(errors.filter((error) => !/status of 422 \(Unprocessable Entity\)/.test(error))).toEqual([]);
      mailChecks.expectNone();
    } finally {
      await close();
    }
  });

  it.each(['privacy', 'terms'] as const)('%s page in every language, linked from the footer', async (route) => {
    const { page, close } = await visit(browser, { device: 'phone', javaScript: false });
    try {
      for (const locale of ['nl', 'fr', 'en', 'de'] as const) {
        const t = fileTranslator(locale).t;
        await gotoOk(page, url(urlFor('home', locale)));
        await page.locator(`footer a[href="${urlFor(route, locale)}"]`).first().click();
        await page.waitForURL(url(urlFor(route, locale)));
        expect({ locale, h1: (await page.locator('h1').textContent())?.trim() }).toEqual({ locale, h1: t(`legal.${route}.heading`) });
        expect(await page.locator('html').getAttribute('lang')).toBe(locale);
      }
      await shot(page, stack, `${route}-390`);
    } finally {
      await close();
    }
  });
});
