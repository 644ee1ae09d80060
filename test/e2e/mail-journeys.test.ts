import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import type { SourceAAppointment } from '../../src/estates/sources/source-a/source-a.types.js';
import { urlFor } from '../../src/routing/routes.js';
import { zabunLeadEmail } from '../support/fake-zabun-server.js';
import { fileTranslator } from '../support/file-translator.js';
import { until } from '../support/poll.js';
import { expectShown, gotoOk, type JourneyStage, linkStartingWith, MailChecks, shot, startJourneys, visit } from './support/journey.js';
import { MODES, type Stack } from './support/stack.js';


describe.each(MODES)('journeys that go through the visitor’s mailbox (%s)', (mode) => {
  let stack: Stack;
  let browser: Browser;
  let stage: JourneyStage;

  beforeAll(async () => {
    ({ stack, browser } = stage = await startJourneys(mode));
  });

  afterAll(() => stage?.close());

  const url = (path: string) => `${stack.baseUrl}${path}`;

  it('subscribe → confirmation mail → confirm → edit → a sync with a matching change → digest → one-click unsubscribe', async () => {
    const mailChecks = new MailChecks(stack);
    const locale = 'en';
    const t = fileTranslator(locale).t;
    const email = `subscriber-${mode}@example.be`;
    const zip = '9983';
    const { page, close } = await visit(browser, { device: 'phone' });
    try {
      // "Keep me informed of this search": the search's query pre-fills the form.
      await gotoOk(page, url(`${urlFor('subscribe', locale)}?transaction=buy&locations=${zip}`));
      await page.locator('#subscription-form[data-island-state="mounted"]').waitFor();
      await page.locator('#subscription-email').fill(email);
      await page.locator('#subscription-name').fill('Robin');
      await page.locator('#subscription-privacy').check();
      await page.locator('#subscription-form').getByRole('button', { name: t('subscriptions.form.submit') }).click();
      await expectShown(page, t('subscriptions.success.heading'), 'subscribed, asked to confirm');

      const confirmation = await stack.mails.waitFor(email, (mail) => mail.subject === t('subscriptions.mail.confirm.subject'));
      await mailChecks.check('confirmation', confirmation, { language: locale, fromName: stack.agency.name });
      await gotoOk(page, linkStartingWith(confirmation, stack, urlFor('confirmSubscription', locale, { token: 'T' }).replace(/T$/, '')));
      await page.getByRole('button', { name: t('subscriptions.confirm.button') }).click();
      await expectShown(page, t('subscriptions.confirm.doneHeading'), 'subscription confirmed');

      // Edit (the link of the mail): right away instead of daily.
      const edit = linkStartingWith(confirmation, stack, urlFor('editSubscriptions', locale, { token: 'T' }).replace(/T$/, ''));
      await gotoOk(page, edit);
      await expectShown(page, t('subscriptions.edit.heading'), 'the edit page of the mail');
      expect(await page.locator('#subscription-locations').inputValue()).toBe(zip);
      await page.locator('#subscription-frequency').selectOption('instant');
      await page.getByRole('button', { name: t('subscriptions.edit.save') }).click();
      await expectShown(page, t('subscriptions.edit.saved'), 'subscription edited');
      await shot(page, stack, 'subscription-edited-390');

      // The confirmed subscription is a lead for the CRM.
      if (stack.crm) {
        const crm = stack.crm;
        await until('the subscription as a lead at a CRM', async () => JSON.stringify([crm.leads.a, crm.leads.b]).includes(email), Boolean, { timeoutMs: 30_000, intervalMs: 200 });
      }
      if (mode !== 'production') {
        // The demo's listings come from its fixtures: no CRM to change, no sync beside the server.
        mailChecks.expectNone();
        return;
      }

      // The CRM gets a listing that matches; the operator's sync brings it in and the digest follows by itself.
      const crm = stack.crm!;
      const base = structuredClone(crm.sourceB.listings[0]) as unknown as Record<string, unknown> & { address: Record<string, unknown> & { city: Record<string, unknown> } };
      const id = 5983;
      crm.sourceB.listings.push({ ...base, id, guid: randomUUID(), reference: `B-${id}`, address: { ...base.address, city: { ...base.address.city, zip, name: 'Testdorp' } } } as never);
      await stack.sync();
      const digest = await stack.mails.waitFor(email, (mail) => mail.subject === t('subscriptions.mail.digest.subject', { count: 1 }), 60_000);
      await mailChecks.check('digest', digest, { language: locale, fromName: stack.agency.name });
      expect(digest.html).toContain(`${urlFor('detailShort', locale, { estateId: id })}/`);

      // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" to the List-Unsubscribe URL.
      // (mailparser folds the List-* headers into one object: read the raw header lines, as a mail client does.)
      const rawHeader = (name: string) => digest.headerLines.find((line) => line.key === name)?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, ' ');
      expect({ listUnsubscribePost: rawHeader('list-unsubscribe-post') }).toEqual({ listUnsubscribePost: 'List-Unsubscribe=One-Click' });
      const oneClick = /<(https?:[^>]+)>/.exec(rawHeader('list-unsubscribe') ?? '')?.[1];
      expect(oneClick).toBeDefined();
      const response = await fetch(oneClick!.replace(stack.publicBaseUrl, stack.baseUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(response.status).toBe(200);
      // Unsubscribed: the edit link no longer leads to the subscription.
      const after = await fetch(edit.replace(stack.publicBaseUrl, stack.baseUrl));
      expect({ editLinkAfterUnsubscribe: after.status }).toEqual({ editLinkAfterUnsubscribe: 410 });
      mailChecks.expectNone();
    } finally {
      await close();
    }
  });

  it('appointment from the CRM → confirmation mail with a cancel link → cancel', async () => {
    const mailChecks = new MailChecks(stack);
    const locale = 'nl';
    const t = fileTranslator(locale).t;
    let visitor = 'jan.peeters@example.be';
    // The visit's agent (appointment 7001 of fixtures/source-a/appointments.json, which the production pass copies):
    // answers to the confirmation reach the person who receives the visitor; the other mails answer to the agency.
    let agentEmail = 'els.maes@immo.example';
    if (stack.crm) {
      // A new planned appointment with a visitor address arrives with the next sync.
      visitor = `appointment-${mode}@example.be`;
      const appointment: SourceAAppointment = {
        ...structuredClone(stack.crm.sourceA.appointments[0]!),
        appointment_id: 7901,
        start: new Date(Date.now() + 10 * 86_400_000).toISOString(),
        status: 'planned',
      } as SourceAAppointment;
      (appointment as unknown as { contact: { email: string } }).contact.email = visitor;
      // Without an agent address the site answers for the agency.
      agentEmail = appointment.agent?.email ?? stack.agency.email;
      stack.crm.sourceA.appointments.push(appointment);
      await stack.sync();
    }
    const prefix = urlFor('cancelAppointment', locale, { appointmentId: 'X' }).replace(/X$/, '');
    const confirmation = await stack.mails.waitFor(visitor, (mail) => (typeof mail.html === 'string' ? mail.html : '').includes(prefix), 60_000);
    await mailChecks.check('confirmation', confirmation, { language: locale, fromName: stack.agency.name, replyTo: agentEmail });
    expect(confirmation.attachments.some((attachment) => attachment.contentType.startsWith('text/calendar') || attachment.filename?.endsWith('.ics'))).toBe(true);

    const { page, close } = await visit(browser);
    try {
      await gotoOk(page, linkStartingWith(confirmation, stack, prefix));
      await page.getByRole('button', { name: t('flows.appointment.confirm') }).click();
      await expectShown(page, t('flows.appointment.done'), 'appointment cancelled');
      await shot(page, stack, 'appointment-cancelled-1280');
      const cancelled = await stack.mails.waitFor(visitor, (mail) => mail !== confirmation && !(typeof mail.html === 'string' && mail.html.includes(prefix)), 30_000);
      await mailChecks.check('cancelled', cancelled, { language: locale, fromName: stack.agency.name, replyTo: stack.agency.email });
      if (stack.crm) {
        const crm = stack.crm;
        await until('the cancellation as a lead at CRM A', async () => crm.leads.a.filter((lead) => JSON.stringify(lead.body).includes('website lead: cancellation') && zabunLeadEmail(lead) === visitor).length, (count) => count === 1, {
          timeoutMs: 30_000,
          intervalMs: 200,
        });
      }
      mailChecks.expectNone();
    } finally {
      await close();
    }
  });
});
