import type { ParsedMail } from 'mailparser';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { collectPageErrors, launchBrowser, screenshot, VIEWPORTS } from '../../browser/support/browser.js';
import type { Locale } from '../../../src/routing/locales.js';
import { zabunLeadEmail } from '../../support/fake-zabun-server.js';
import { until } from '../../support/poll.js';
import { startTogether } from '../../support/start-together.js';
import { type Mode, type Stack, startStack } from './stack.js';

export type Device = keyof typeof VIEWPORTS;

/** The stack of one mode and the browser its journeys share. */
export interface JourneyStage {
  readonly stack: Stack;
  readonly browser: Browser;
  /** Closes the browser, then stops the stack. */
  close(): Promise<void>;
}

/** Starts the stack and the browser side by side; what started is closed again when the other fails. */
export async function startJourneys(mode: Mode): Promise<JourneyStage> {
  const close = async (stack?: Stack, browser?: Browser) => {
    await browser?.close();
    await stack?.stop();
  };
  const [stack, browser] = await startTogether([startStack(mode), launchBrowser()], close);
  return { stack, browser, close: () => close(stack, browser) };
}

/** Where the map's tiles come from when MAP_TILE_URL is not set (src/config/config.ts). */
const DEFAULT_TILE_HOST = 'https://tile.openstreetmap.org/';
/** A 1×1 PNG, the tile every map request gets. */
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8v5ahHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');

export interface Visit {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught errors and console errors of the page so far. */
  readonly errors: string[];
  close(): Promise<void>;
}

/** A visitor: a fresh browser context on a desktop (1280) or phone (390) screen, with or without JavaScript. */
export async function visit(browser: Browser, { device = 'desktop', javaScript = true }: { device?: Device; javaScript?: boolean } = {}): Promise<Visit> {
  const context = await browser.newContext({ viewport: VIEWPORTS[device], javaScriptEnabled: javaScript, locale: 'nl-BE' });
  // The map's tiles come from OpenStreetMap (MAP_TILE_URL's default, in both passes), which this machine cannot
  // reach: the visitor's browser gets one plain tile for each from here, at the HTTP boundary.
  await context.route(`${new URL(DEFAULT_TILE_HOST).origin}/**`, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }));
  const page = await context.newPage();
  return { context, page, errors: collectPageErrors(page), close: () => context.close() };
}

/** A screenshot named after the journey, kept in test-output/screenshots/e2e-*.png for a person to look at. */
export function shot(page: Page, stack: Stack, name: string): Promise<string> {
  return screenshot(page, `e2e-${stack.mode}-${name}`);
}

/** The links of a mail (html hrefs and the URLs of its text part), without duplicates. */
export function linksIn(mail: ParsedMail): string[] {
  const html = typeof mail.html === 'string' ? mail.html : '';
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
  const text = [...(mail.text ?? '').matchAll(/https?:\/\/[^\s<>")\]]+/g)].map((match) => match[0]);
  return [...new Set([...hrefs, ...text])];
}

export function imagesIn(mail: ParsedMail): string[] {
  const html = typeof mail.html === 'string' ? mail.html : '';
  return [...new Set([...html.matchAll(/<img[^>]+src="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&')))];
}

/** A link to the site's public origin, pointed at where this server listens (the demo's public origin is localhost:PORT). */
export function onSite(link: string, stack: Stack): string {
  return link.startsWith(stack.publicBaseUrl) ? `${stack.baseUrl}${link.slice(stack.publicBaseUrl.length)}` : link;
}

/**
 * The link of a mail to `path` followed by one more path segment (a token or an id), pointed at this server:
 * `/en/keep-me-informed/` finds the edit link `/en/keep-me-informed/<token>`, not `/en/keep-me-informed/confirm/<token>`.
 */
export function linkStartingWith(mail: ParsedMail, stack: Stack, path: string): string {
  const link = linksIn(mail)
    .map((href) => onSite(href, stack))
    .find((href) => href.startsWith(`${stack.baseUrl}${path}`) && /^[^/?#]+$/.test(href.slice(`${stack.baseUrl}${path}`.length)));
  if (!link) throw new Error(`no link to ${path} in the mail "${mail.subject}"; its links: ${linksIn(mail).join(', ')}`);
  return link;
}

export interface MailExpectation {
  readonly language: string;
  /** The agency's name, in the From display name. */
  readonly fromName?: string;
  /** Reply-To address expected (the agency's; the visit's agent on an appointment confirmation; the visitor's for mails to the agency). */
  readonly replyTo?: string;
}

/**
 * What a mail client sees: From with the agency's name, Reply-To, Content-Language, a text and an html part; every
 * link to the site answers 200 (a GET, as a click; one-click unsubscribe URLs are only followed by GET, which must
 * change nothing), links elsewhere are https, and every image loads as a raster image a mail client renders (no SVG)
 * from another origin (no `Cross-Origin-Resource-Policy: same-origin`). Returns the problems, so a test shows them all.
 */
export async function mailProblems(mail: ParsedMail, stack: Stack, expected: MailExpectation): Promise<string[]> {
  const problems: string[] = [];
  const from = mail.from?.value[0];
  if (expected.fromName && from?.name !== expected.fromName) problems.push(`From name is ${JSON.stringify(from?.name)}, not ${JSON.stringify(expected.fromName)}`);
  const replyTo = mail.replyTo?.value[0]?.address;
  if (expected.replyTo && replyTo !== expected.replyTo) problems.push(`Reply-To is ${JSON.stringify(replyTo)}, not ${expected.replyTo}`);
  const language = mail.headers.get('content-language');
  if (language !== expected.language) problems.push(`Content-Language is ${JSON.stringify(language)}, not ${expected.language}`);
  if (!mail.text?.trim()) problems.push('no text part');
  if (typeof mail.html !== 'string' || !mail.html.includes(`lang="${expected.language}"`)) problems.push(`no html part in ${expected.language}`);
  for (const original of linksIn(mail)) {
    if (original.startsWith('mailto:') || original.startsWith('tel:')) continue;
    const link = onSite(original, stack);
    if (!link.startsWith(stack.baseUrl)) {
      if (!link.startsWith('https://')) problems.push(`link ${link} is neither the site nor https`);
      continue;
    }
    const response = await fetch(link, { redirect: 'follow' }).catch((error: Error) => ({ status: `failed: ${error.message}` }));
    if (response.status !== 200) problems.push(`link ${link} answers ${response.status}`);
  }
  const images = imagesIn(mail);
  for (const image of images) {
    if (image.startsWith('cid:')) continue;
    const url = onSite(image.startsWith('http') ? image : `${stack.publicBaseUrl}${image}`, stack);
    const response = await fetch(url, { headers: { Origin: 'https://mail.example' } }).catch(() => null);
    const type = response?.headers.get('content-type') ?? '';
    if (response?.status !== 200) problems.push(`image ${image} answers ${response?.status ?? 'nothing'}`);
    else if (!/^image\/(png|jpeg|gif|webp)/.test(type)) problems.push(`image ${image} is ${type}, which Gmail and Outlook do not show`);
    if (response?.headers.get('cross-origin-resource-policy') === 'same-origin') problems.push(`image ${image} is sent with Cross-Origin-Resource-Policy: same-origin`);
  }
  return problems;
}

/** Where the page is a 200 text/html page (not an error page). */
export async function gotoOk(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  if (response?.status() !== 200) throw new Error(`${url} answered ${response?.status()}`);
}

/**
 * Polls until `text` is visible on the page; on time-out fails naming the step and what the visitor saw instead
 * (the URL, the h1 and any alert), so a red journey says why.
 */
export async function expectShown(page: Page, text: string, step: string, timeoutMs = 20_000): Promise<void> {
  try {
    await page.getByText(text).first().waitFor({ state: 'visible', timeout: timeoutMs });
  } catch {
    const seen = await page
      .evaluate(() => ({
        h1: document.querySelector('h1')?.textContent?.trim(),
        alerts: [...document.querySelectorAll('.alert, [role="alert"], .form-field__error')].map((element) => element.textContent?.trim()).filter(Boolean),
      }))
      .catch(() => ({}));
    throw new Error(`${step}: "${text}" not shown within ${timeoutMs} ms; the visitor sees ${page.url()} ${JSON.stringify(seen)}`);
  }
}

/**
 * Collects what is wrong with each mail of a journey, labelled, so the journey walks on to its end (and finds what
 * else is broken) before `expectNone()` fails with every problem at once.
 */
export class MailChecks {
  readonly problems: string[] = [];

  constructor(private readonly stack: Stack) {}

  async check(label: string, mail: ParsedMail, expected: MailExpectation): Promise<void> {
    for (const problem of await mailProblems(mail, this.stack, expected)) this.problems.push(`${label} mail: ${problem}`);
  }

  expectNone(): void {
    expect(this.problems).toEqual([]);
  }
}

/** The lead the CRM received for this visitor, containing `text` (production: the fake CRMs; the demo has none to reach). */
export async function expectLead(stack: Stack, email: string, text: string): Promise<void> {
  if (!stack.crm) return;
  const crm = stack.crm;
  const found = await until(
    `a lead from ${email} at a CRM`,
    async () => [...crm.leads.a.filter((lead) => zabunLeadEmail(lead) === email), ...crm.leads.b.filter((lead) => JSON.stringify(lead).includes(email))],
    (leads) => leads.length > 0,
    { timeoutMs: 30_000, intervalMs: 200 },
  );
  expect({ email, leads: found.length }).toEqual({ email, leads: 1 });
  expect(JSON.stringify(found[0])).toContain(text);
}

/** How many times the bot-check provider said yes so far (production; 0 in the demo, which has no bot check). */
export function botChecks(stack: Stack): number {
  return stack.recaptcha?.verifications.filter((verification) => verification.success).length ?? 0;
}

/** The bot check ran for the form (production: the provider's siteverify said yes once more, and never no). */
export function expectBotChecked(stack: Stack, before: number, form: string): void {
  if (!stack.recaptcha) return;
  expect({ form, verified: botChecks(stack) > before, refused: stack.recaptcha.verifications.filter((verification) => !verification.success) }).toEqual({
    form,
    verified: true,
    refused: [],
  });
}

/** The first `count` distinct detail pages the search results on the current page link to, in `locale`. */
export async function searchResults(page: Page, locale: Locale, count = 1): Promise<string[]> {
  const links = page.locator('.search-results article[data-estate-id] a[href*="/"]');
  await links.first().waitFor();
  const hrefs = [...new Set(await links.evaluateAll((anchors: Element[]) => anchors.map((anchor) => anchor.getAttribute('href')!)))].slice(0, count);
  for (const href of hrefs) expect(href).toMatch(new RegExp(`^/${locale}/`));
  if (hrefs.length < count) throw new Error(`${count} search results wanted, ${hrefs.length} shown at ${page.url()}`);
  return hrefs;
}
