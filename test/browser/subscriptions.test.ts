import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { DataSource } from 'typeorm';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';

import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { collectPageErrors, cspViolations, recordCspViolations, screenshot, seriousAccessibilityViolations } from './support/browser.js';
import { startBrowserApp, type BrowserApp } from './support/browser-app.js';
import type { ServedApp } from './support/served-app.js';
import { until } from '../support/poll.js';

/** What the walk expects to read on each page, per language. */
const TEXTS = {
  nl: { success: 'Bijna klaar', confirmButton: 'Bevestig mijn inschrijving', confirmed: 'Uw inschrijving is bevestigd', edit: 'Zoekopdracht aanpassen', saved: 'Uw wijzigingen zijn bewaard.', unsubscribeButton: 'Schrijf me uit', unsubscribed: 'U bent uitgeschreven' },
  fr: { success: 'Presque fini', confirmButton: 'Confirmer mon inscription', confirmed: 'Votre inscription est confirmée', edit: 'Modifier la recherche', saved: 'Vos modifications sont enregistrées.', unsubscribeButton: 'Me désinscrire', unsubscribed: 'Vous êtes désinscrit' },
} as const;

const ZIPS: Record<'nl' | 'fr', string> = { nl: '9981', fr: '9982' };

describe('keep me informed, in the browser', () => {
  let crm: FakeCrmServer;
  let app: ServedApp;
  let browser: Browser;
  let served: BrowserApp;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    ({ app, browser } = served = await startBrowserApp({ ...fakeCrmEnv(crm), FORM_RATE_LIMIT: '50' }));
  });

  afterAll(async () => {
    await served?.close();
    await crm?.stop();
  });

  const mails = () => app.app.get(DataSource).getRepository(MailEntity);
  /** The mail of `template` to `to`, read from the outbox (the mails table) once it is there. */
  const outboxMail = async (to: string, template: string): Promise<MailEntity> => {
    await until(`${template} mail to ${to}`, async () => (await mails().countBy({ to, template })) > 0, Boolean, { timeoutMs: 30_000 });
    return mails().findOneOrFail({ where: { to, template }, order: { createdAt: 'DESC' } });
  };
  /** A link of the mail as a path on the served app (mails carry the public base URL). */
  const linkIn = (mail: MailEntity, route: 'confirmSubscription' | 'unsubscribe', locale: Locale): string => {
    const prefix = urlFor(route, locale, { token: 'TOKEN' }).replace('TOKEN', '');
    const match = new RegExp(`http://immo\\.test(${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[A-Za-z0-9_-]{43})`).exec(mail.html);
    if (!match) throw new Error(`no ${route} link in the mail`);
    return `${app.baseUrl}${match[1]}`;
  };
  const expectClean = async (page: Page, errors: string[]) => {
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  };

  it.each(['nl', 'fr'] as const)('subscribes, confirms, edits, gets a digest after a sync and unsubscribes (%s)', async (locale) => {
    const texts = TEXTS[locale];
    const email = `walker-${locale}@example.be`;
    const zip = ZIPS[locale];
    const context = await browser.newContext();
    await recordCspViolations(context);
    const page = await context.newPage();
    const errors = collectPageErrors(page);

    // "Keep me informed of this search": the search's query pre-fills the form.
    await page.goto(`${app.baseUrl}${urlFor('subscribe', locale)}?transaction=buy&locations=${zip}`);
    await page.locator('#subscription-form[data-island-state="mounted"]').waitFor();
    await expect(page.locator('#subscription-locations').inputValue()).resolves.toBe(zip);
    await expectClean(page, errors);
    await screenshot(page, `subscribe-${locale}`);
    await page.locator('#subscription-email').fill(email);
    await page.locator('#subscription-name').fill('Robin');
    await page.locator('#subscription-privacy').check();
    await page.getByRole('button', { name: locale === 'nl' ? 'Hou me op de hoogte' : 'Tenez-moi au courant' }).click();
    await page.waitForURL(`**${urlFor('subscribeSuccess', locale)}`);
    await expect(page.locator('h1').textContent()).resolves.toContain(texts.success);

    // The confirmation mail, from the outbox; nothing else was mailed.
    const confirmation = await outboxMail(email, 'subscription-confirm');
    expect(await mails().countBy({ to: email })).toBe(1);
    await page.goto(linkIn(confirmation, 'confirmSubscription', locale));
    await page.getByRole('button', { name: texts.confirmButton }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe(texts.confirmed);

    // Edit: the stored search pre-filled; mails right away from now on.
    await page.getByRole('link', { name: texts.edit }).click();
    await page.locator('#subscription-form[data-island-state="mounted"]').waitFor();
    await expect(page.locator('#subscription-locations').inputValue()).resolves.toBe(zip);
    await expectClean(page, errors);
    await page.locator('#subscription-frequency').selectOption('instant');
    await page.getByRole('button', { name: locale === 'nl' ? 'Wijzigingen bewaren' : 'Enregistrer les modifications' }).click();
    await page.getByText(texts.saved).waitFor();
    await screenshot(page, `subscription-edit-${locale}`);
    await expect(page.locator('#subscription-frequency').inputValue()).resolves.toBe('instant');

    // A sync brings a listing that matches: the digest follows by itself.
    const base = structuredClone(crm.sourceB.listings[0]) as unknown as Record<string, unknown> & { address: Record<string, unknown> & { city: Record<string, unknown> } };
    const id = locale === 'nl' ? 5981 : 5982;
    crm.sourceB.listings.push({ ...base, id, guid: randomUUID(), reference: `B-${id}`, address: { ...base.address, city: { ...base.address.city, zip, name: 'Testdorp' } } } as never);
    await app.app.get(EstateSyncService).syncAll();
    const digest = await outboxMail(email, 'subscription-digest');
    expect(digest.locale).toBe(locale);
    expect(digest.html).toContain(`${urlFor('detailShort', locale, { estateId: id })}/`);
    expect(digest.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // The digest's unsubscribe link: a page with one button.
    await page.goto(linkIn(digest, 'unsubscribe', locale));
    await page.getByRole('button', { name: texts.unsubscribeButton }).click();
    await expect(page.locator('h1').textContent()).resolves.toBe(texts.unsubscribed);
    await expectClean(page, errors);
    await context.close();
  });

  it('shows what to correct in place when the consent is missing (htmx)', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}${urlFor('subscribe', 'nl')}`);
    await page.locator('#subscription-form[data-island-state="mounted"]').waitFor();
    await page.locator('#subscription-email').fill('no-consent@example.be');
    await page.locator('#subscription-name').fill('Robin');
    await page.getByRole('button', { name: 'Hou me op de hoogte' }).click();
    await page.locator('#subscription-privacyConsent-error').waitFor();
    expect(page.url()).toContain(urlFor('subscribe', 'nl'));
    await expect(page.locator('#subscription-email').inputValue()).resolves.toBe('no-consent@example.be');
    expect(await mails().countBy({ to: 'no-consent@example.be' })).toBe(0);
    await context.close();
  });
});
