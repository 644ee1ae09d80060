import type { ParsedMail } from 'mailparser';
import type { Page } from 'playwright-core';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { fileTranslator } from '../support/file-translator.js';
import { until } from '../support/poll.js';
import { botChecks, expectBotChecked, expectLead, expectShown, gotoOk, type JourneyStage, MailChecks, searchResults, shot, startJourneys, visit } from './support/journey.js';
import { MODES, recipients, type Stack } from './support/stack.js';

/** The agency's mail language (its name and address are the stack's: production has its own identity). */
const AGENCY = { locale: 'nl' };

/**
 * Issue 23's buyer tools where they meet, as a visitor walks them on the production stack and on the demo: two hearts,
 * the favourites compared side by side, a listing opened from the comparison, a viewing request refused once (no
 * half-day chosen) and then sent, and the two mails and the lead it makes.
 */
describe.each(MODES)('buyer tools (%s)', (mode) => {
  let stack: Stack;
  let stage: JourneyStage;

  beforeAll(async () => {
    ({ stack } = stage = await startJourneys(mode));
  });

  afterAll(() => stage?.close());

  const url = (path: string) => `${stack.baseUrl}${path}`;
  const idOf = (detailPath: string) => /\/(\d+)(?:\/|$)/.exec(detailPath)![1]!;

  /** Hearts a listing on its detail page and waits until the site has it (htmx in place, or the post's redirect). */
  async function heart(page: Page, detailPath: string, javaScript: boolean): Promise<void> {
    await gotoOk(page, url(detailPath));
    const id = idOf(detailPath);
    await page.locator(`form[data-favorite-id="${id}"] button`).first().click();
    if (javaScript) await page.locator(`form[data-favorite-id="${id}"] button[aria-pressed="true"]`).first().waitFor();
    else await page.waitForLoadState('load');
  }

  /** The mail a viewing request sent to the agency: whoever it went to (the listing's agent or the agency), it answers the visitor. */
  async function agencyMailFor(visitor: string): Promise<ParsedMail> {
    const mails = await until(
      `the agency's mail about ${visitor}'s viewing request`,
      () => stack.mails.all(),
      (all) => all.some((mail) => mail.replyTo?.value[0]?.address === visitor && !recipients(mail).includes(visitor)),
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    return mails.find((mail) => mail.replyTo?.value[0]?.address === visitor && !recipients(mail).includes(visitor))!;
  }

  it.each([
    ['desktop', true, 'fr'],
    ['phone', false, 'de'],
  ] as const)(
    'hearts → compare → viewing request, refused then sent (%s, JavaScript %s, %s; production always with JavaScript: its bot check needs the provider script)',
    async (device, withScript, locale: Locale) => {
      const mailChecks = new MailChecks(stack);
      const javaScript = withScript || mode === 'production';
      const t = fileTranslator(locale).t;
      const visitor = `viewing-${mode}-${device}@example.be`;
      const { page, errors, close } = await visit(stage.browser, { device, javaScript });
      try {
        await gotoOk(page, url(urlFor('home', locale)));
        const details = await searchResults(page, locale, 2);
        for (const detail of details) await heart(page, detail, javaScript);

        // The favourites page offers both for comparison; the comparison shows them side by side, linked.
        await gotoOk(page, url(urlFor('favorites', locale)));
        for (const detail of details) await page.locator(`input[data-compare-pick][value="${idOf(detail)}"]`).check();
        await page.locator('#favorites-compare button[type="submit"]').click();
        await page.waitForURL((address) => address.pathname === urlFor('favoritesCompare', locale));
        expect((await page.locator('h1').textContent())?.trim()).toBe(t('compare.heading'));
        const columns = page.locator('th.compare-table__listing a.compare-table__link');
        const linked = await columns.evaluateAll((anchors: Element[]) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
        expect(linked.map(idOf).sort()).toEqual(details.map(idOf).sort());
        await shot(page, stack, `compare-${device}`);

        // From the comparison to a listing, and its viewing request: in place with JavaScript, its own page without.
        await columns.first().click();
        await page.waitForURL((address) => address.pathname === linked[0]);
        await page.getByRole('link', { name: t('viewings.teaser.open') }).click();
        const form = page.locator('#viewing-form');
        await form.locator('input[name="slots"]').first().waitFor();
        if (javaScript) expect(new URL(page.url()).pathname).toBe(linked[0]);
        else expect(new URL(page.url()).pathname).toBe(urlFor('viewingRequest', locale, { estateId: Number(idOf(linked[0]!)) }));

        // Refused: no half-day chosen. The visitor is told why and keeps what they typed.
        await form.locator('#viewing-name').fill('Lena Maes');
        await form.locator('#viewing-email').fill(visitor);
        await form.locator('#viewing-message').fill('Am liebsten nachmittags, danke.');
        await form.locator('#viewing-privacy').check();
        await form.getByRole('button', { name: t('viewings.form.submit') }).click();
        await expectShown(page, t('viewings.errors.slotsRequired'), 'viewing request refused without a half-day');
        expect({ keepsName: await page.locator('#viewing-name').inputValue(), keepsMessage: await page.locator('#viewing-message').inputValue() }).toEqual({
          keepsName: 'Lena Maes',
          keepsMessage: 'Am liebsten nachmittags, danke.',
        });
        await shot(page, stack, `viewing-refused-${device}`);

        // Sent: two half-days, after the refusal (the bot check must pass again on the form shown with the error).
        const slots = page.locator('#viewing-form input[name="slots"]');
        await slots.nth(0).check();
        await slots.nth(2).check();
        if (!(await page.locator('#viewing-privacy').isChecked())) await page.locator('#viewing-privacy').check();
        const checksBefore = botChecks(stack);
        await page.locator('#viewing-form').getByRole('button', { name: t('viewings.form.submit') }).click();
        await expectShown(page, t('viewings.thanks').slice(0, 40), 'viewing request sent');
        await shot(page, stack, `viewing-sent-${device}`);
        expectBotChecked(stack, checksBefore, 'viewing request');

        // The agency's mail answers the visitor; the visitor's copy, in their language, answers whoever got the request.
        const toAgency = await agencyMailFor(visitor);
        expect(toAgency.text).toContain('Am liebsten nachmittags, danke.');
        await mailChecks.check('viewing request to the agency', toAgency, { language: AGENCY.locale, fromName: stack.agency.name, replyTo: visitor });
        const copy = await stack.mails.waitFor(visitor);
        const subjectBeforeTitle = t('viewings.mail.visitor.subject', { title: '\u0000' }).split('\u0000')[0]!;
        expect({ subject: copy.subject?.startsWith(subjectBeforeTitle) }).toEqual({ subject: true });
        await mailChecks.check('viewing request copy to the visitor', copy, { language: locale, fromName: stack.agency.name, replyTo: recipients(toAgency)[0] });
        await expectLead(stack, visitor, 'Am liebsten nachmittags, danke.');
        // The refusal the journey asked for is an error response by design (422, the form with what to correct).
        expect(errors.filter((error) => !/status of 422 \(Unprocessable Entity\)/.test(error))).toEqual([]);
        mailChecks.expectNone();
      } finally {
        await close();
      }
    },
  );
});
