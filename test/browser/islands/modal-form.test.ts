// Callbacks passed to page.evaluate run in the browser and use its DOM types.
import type { Page } from 'playwright-core';
import { VIEWPORTS } from '../support/browser.js';
import { animationsDone, type Harness, openIslandPage, settle, startHarness, viewportScreenshot } from './support/harness.js';
import { FAILURE_TEXT, invalidFormFragment } from './support/island-page.js';
import { REFUSED_TEXT } from './support/island-server.js';

async function openExtraInfo(page: Page) {
  await page.locator('[data-island="modal-form"][data-island-state="mounted"]').first().waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Ask for more information' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask for more information' });
  await dialog.waitFor();
  return dialog;
}

async function fillExtraInfo(page: Page, { privacy = true } = {}) {
  const dialog = page.getByRole('dialog', { name: 'Ask for more information' });
  await dialog.getByLabel('Name').fill('Ann Peeters');
  await dialog.getByLabel('Email').fill('ann@example.com');
  await dialog.getByLabel('Your question').fill('Is the garden south-facing?');
  if (privacy) await dialog.getByLabel('I agree with the privacy statement.').check();
}

/** Timestamps of the dialog closing and the success alert showing, to check their order. */
function watchSuccessOrder(page: Page, dialogId: string) {
  return page.evaluate(
    (id) =>
      new Promise<{ closed: number; shown: number }>((resolve) => {
        const dialog = document.getElementById(id) as HTMLDialogElement;
        const success = dialog.closest('.modal-block')!.querySelector<HTMLElement>('[data-modal-success]')!;
        let closed = 0;
        dialog.addEventListener('close', () => (closed = performance.now()), { once: true });
        new MutationObserver(() => {
          if (!success.hidden) resolve({ closed, shown: performance.now() });
        }).observe(success, { attributes: true });
      }),
    dialogId,
  );
}

describe('modal form island', () => {
  let harness: Harness;

  beforeAll(async () => {
    harness = await startHarness();
    harness.server.invalidFragment = invalidFormFragment;
  });

  beforeEach(() => {
    harness.server.posts.length = 0;
    harness.server.formOutcome = 'success';
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('shows the form in the page when JavaScript is off', async () => {
    const { page, context } = await openIslandPage(harness, { javaScriptEnabled: false, consent: 'accepted' });
    expect(await page.locator('#extra-info').isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Ask for more information' }).click();
    expect(await page.locator('#extra-info').isVisible()).toBe(true);
    expect(await page.locator('#extra-info form').getAttribute('method')).toBe('post');
    await context.close();
  });

  it('sends nothing and marks the privacy label when no privacy box is checked', async () => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness, { consent: 'accepted' });
    const dialog = await openExtraInfo(page);
    await fillExtraInfo(page, { privacy: false });
    await dialog.getByRole('button', { name: 'Send' }).click();
    const privacy = dialog.getByLabel('I agree with the privacy statement.');
    // The check that refused the send marked the box; then whatever the page had sent has reached the server.
    await dialog.locator('#privacy-field[aria-invalid="true"]').waitFor({ state: 'attached' });
    await settle(page);
    expect(harness.server.posts).toEqual([]);
    expect(await dialog.locator('label[for="privacy-field"]').getAttribute('class')).toContain('is-invalid');
    expect(await dialog.getByText('Please agree with the privacy statement.').isVisible()).toBe(true);

    await privacy.check();
    expect(await privacy.getAttribute('aria-invalid')).toBeNull();
    expect(await dialog.getByText('Please agree with the privacy statement.').isVisible()).toBe(false);
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('shows the loading state, then closes, resets and shows the success alert after the dialog has closed', async () => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness, { consent: 'accepted' });
    const dialog = await openExtraInfo(page);
    await fillExtraInfo(page);
    harness.server.hold();
    const order = watchSuccessOrder(page, 'extra-info');
    await dialog.getByRole('button', { name: 'Send' }).click();

    const form = dialog.locator('form');
    await page.waitForFunction(() => document.querySelector('#extra-info form')?.classList.contains('is-loading'));
    expect(await form.getAttribute('aria-busy')).toBe('true');
    expect(await dialog.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await animationsDone(page, '#extra-info');
    await viewportScreenshot(page, 'islands-modal-loading-1280');
    harness.server.release();

    const { closed, shown } = await order;
    expect(closed).toBeGreaterThan(0);
    expect(shown).toBeGreaterThanOrEqual(closed);
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.getByText('Thank you, we will contact you soon.').isVisible()).toBe(true);
    expect(harness.server.posts).toEqual([
      {
        path: '/forms/extra-info',
        htmx: true,
        fields: [
          ['estateId', '42'],
          ['name', 'Ann Peeters'],
          ['email', 'ann@example.com'],
          ['message', 'Is the garden south-facing?'],
          ['privacyConsent', 'on'],
          ['g-recaptcha-response', 'token:site-key:submit'],
        ],
      },
    ]);
    await page.locator('.demo-contact').scrollIntoViewIfNeeded();
    await viewportScreenshot(page, 'islands-modal-success-1280');

    await page.getByRole('button', { name: 'Ask for more information' }).click();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('');
    expect(await dialog.getByLabel('I agree with the privacy statement.').isChecked()).toBe(false);
    expect(await form.getAttribute('aria-busy')).toBeNull();
    expect(await page.getByText('Thank you, we will contact you soon.').isVisible()).toBe(false);
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });

  it('on a server failure keeps the input, scrolls the dialog to its alert at the top, says what happened and logs the error', async () => {
    // A short phone screen: the dialog scrolls, and the visitor is at its bottom when sending.
    const { page, context, unexpectedErrors } = await openIslandPage(harness, { consent: 'accepted', viewport: { width: 390, height: 560 } });
    const dialog = await openExtraInfo(page);
    await fillExtraInfo(page);
    harness.server.formOutcome = 'server-error';
    await animationsDone(page, '#extra-info');
    const scrolledDown = await page.evaluate(() => {
      const element = document.getElementById('extra-info')!;
      element.scrollTop = element.scrollHeight;
      return element.scrollTop;
    });
    expect(scrolledDown).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Send' }).click();
    const danger = dialog.locator('[data-modal-error]');
    await danger.waitFor({ state: 'visible' });
    expect(await danger.innerText()).toBe(FAILURE_TEXT);
    await page.waitForFunction(() => document.getElementById('extra-info')!.scrollTop === 0);
    expect(await dialog.locator('form').getAttribute('aria-busy')).toBeNull();
    expect(await dialog.getByRole('button', { name: 'Send' }).isDisabled()).toBe(false);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Ann Peeters');
    expect(await dialog.isVisible()).toBe(true);
    expect(unexpectedErrors()).toContainEqual(expect.stringContaining('Form /forms/extra-info failed: HTTP 500'));
    await animationsDone(page, '#extra-info');
    await viewportScreenshot(page, 'islands-modal-failure-390');

    // Closing resets the form and hides the alert.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Ask for more information' }).click();
    expect(await danger.isVisible()).toBe(false);
    expect(await dialog.getByLabel('Name').inputValue()).toBe('');
    await context.close();
  });

  it("shows the server's own message when it refuses the post", async () => {
    const { page, context } = await openIslandPage(harness, { consent: 'accepted' });
    const dialog = await openExtraInfo(page);
    await fillExtraInfo(page);
    harness.server.formOutcome = 'refused';
    await dialog.getByRole('button', { name: 'Send' }).click();
    const danger = dialog.locator('[data-modal-error]');
    await danger.waitFor({ state: 'visible' });
    expect(await danger.innerText()).toBe(REFUSED_TEXT);

    // The next failure without a message of its own says the page's text again.
    harness.server.formOutcome = 'network-error';
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.waitForFunction((text) => document.querySelector('#extra-info [data-modal-error]')?.textContent === text, FAILURE_TEXT);
    await context.close();
  });

  it('treats a network error as a failure', async () => {
    const { page, context } = await openIslandPage(harness, { consent: 'accepted' });
    const dialog = await openExtraInfo(page);
    await fillExtraInfo(page);
    harness.server.formOutcome = 'network-error';
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.locator('[data-modal-error]').waitFor({ state: 'visible' });
    expect(await dialog.locator('form').getAttribute('aria-busy')).toBeNull();
    expect(await page.getByText('Thank you, we will contact you soon.').isVisible()).toBe(false);
    await context.close();
  });

  it('shows the field errors the server answers with and brings back a clean form on close', async () => {
    const { page, context } = await openIslandPage(harness, { consent: 'accepted' });
    const dialog = await openExtraInfo(page);
    await fillExtraInfo(page);
    await dialog.getByLabel('Email').fill('ann@');
    harness.server.formOutcome = 'invalid';
    // The browser's own check would stop "ann@" before the island: the server's answer is what this test is about.
    await page.evaluate(() => document.querySelector('#extra-info form')!.setAttribute('novalidate', ''));
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Please enter a valid email address.').waitFor();
    expect(await dialog.locator('[data-modal-error]').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    await animationsDone(page, '#extra-info');
    await viewportScreenshot(page, 'islands-modal-invalid-1280');

    // The swapped-in form is enhanced again: a second try is sent by the island too.
    harness.server.formOutcome = 'success';
    await dialog.getByLabel('Email').fill('ann@example.com');
    await dialog.getByLabel('I agree with the privacy statement.').check();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(harness.server.posts).toHaveLength(2);
    expect(harness.server.posts[1]!.htmx).toBe(true);

    await page.getByRole('button', { name: 'Ask for more information' }).click();
    expect(await dialog.getByText('Please enter a valid email address.').count()).toBe(0);
    expect(await dialog.locator('[data-modal-error]').isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The focus goes back to the button that opened the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Ask for more information');
    await context.close();
  });

  it('sends the send-to-friend form with an empty token when the page has no site key', async () => {
    const { page, context, unexpectedErrors } = await openIslandPage(harness, { consent: 'accepted', viewport: VIEWPORTS.phone });
    await page.locator('[data-island="modal-form"][data-island-state="mounted"]').nth(1).waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Send to a friend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to a friend' });
    await dialog.getByLabel('Your name').fill('Ann');
    await dialog.getByLabel('Your email').fill('ann@example.com');
    await dialog.getByLabel("Your friend's name").fill('Bert');
    await dialog.getByLabel("Your friend's email").fill('bert@example.com');
    await animationsDone(page, '#send-to-friend');
    await viewportScreenshot(page, 'islands-modal-open-390');
    const order = watchSuccessOrder(page, 'send-to-friend');
    await dialog.getByRole('button', { name: 'Send to my friend' }).click();
    const { closed, shown } = await order;
    expect(shown).toBeGreaterThanOrEqual(closed);
    expect(harness.server.posts[0]!.fields).toEqual([
      ['estateId', '42'],
      ['name', 'Ann'],
      ['email', 'ann@example.com'],
      ['friendName', 'Bert'],
      ['friendEmail', 'bert@example.com'],
      ['g-recaptcha-response', ''],
    ]);
    expect(await page.getByText('Your friend will receive this property by email.').isVisible()).toBe(true);
    expect(unexpectedErrors()).toEqual([]);
    await context.close();
  });
});
