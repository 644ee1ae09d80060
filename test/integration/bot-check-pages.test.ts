import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { encodeFavorites, FAVORITES_COOKIE } from '../../src/favorites/favorites-cookie.js';
import { LOCALES, type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const SCRIPT = 'https://bot.example/recaptcha/api.js?render=site-key';

/** A form with the hidden token field, and the site key the browser asks a token for. */
const TOKEN_FIELD = /^(?=[\s\S]*<input type="hidden"[^>]*name="g-recaptcha-response")(?=[\s\S]*data-bot-check-site-key="site-key")/;

function headOf(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

/** Each visitor form a page posts (not a favourite heart or the cookie choice, which are no form submissions). */
function postForms(html: string): string[] {
  return [...html.matchAll(/<form\b[^>]*method="post"[^>]*>[\s\S]*?<\/form>/g)]
    .map((match) => match[0])
    .filter((form) => !/^<form[^>]*class="(favorite-toggle|[^"]*consent-banner)/.test(form));
}

/** With the bot check on, every page with a form loads the provider's script once, and every form carries the token field. */
describe('the bot check on every page with a form', () => {
  let sut: TestApp;
  let estateId: number;

  beforeAll(async () => {
    sut = await startTestApp({ BOT_CHECK_SECRET: 'secret', BOT_CHECK_SITE_KEY: 'site-key', BOT_CHECK_SCRIPT_URL: 'https://bot.example/recaptcha/api.js' });
    const listing = await sut.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' } });
    estateId = listing!.id;
  });

  afterAll(() => sut.close());

  const pages = (locale: Locale): Array<[string, () => Promise<request.Response>]> => [
    ['listing detail', async () => request(sut.server).get((await request(sut.server).get(urlFor('detailShort', locale, { estateId }))).headers.location as string)],
    ['contact', () => request(sut.server).get(urlFor('contact', locale))],
    ['keep me informed', () => request(sut.server).get(urlFor('subscribe', locale))],
    ['holiday unit', () => request(sut.server).get(urlFor('holiday', locale, { rentalUnitId: 101 }))],
    ['favourites', () => request(sut.server).get(urlFor('favorites', locale)).set('Cookie', `${FAVORITES_COOKIE}=${encodeFavorites([estateId], sut.config.COOKIE_SECRET)}`)],
  ];

  it.each([...LOCALES])('in %s: the script in the head, once, and the token field with the site key in every form', async (locale) => {
    for (const [name, get] of pages(locale)) {
      const response = await get();
      expect([name, response.status]).toEqual([name, 200]);
      expect([name, headOf(response.text).split(`<script src="${SCRIPT}"`).length - 1]).toEqual([name, 1]);
      const forms = postForms(response.text);
      expect([name, forms.length > 0]).toEqual([name, true]);
      for (const form of forms) expect([name, form]).toEqual([name, expect.stringMatching(TOKEN_FIELD)]);
      expect(response.headers['content-security-policy']).toContain('https://bot.example');
    }
  });

  it('loads no provider script where there is no form', async () => {
    const response = await request(sut.server).get(urlFor('privacy', 'nl'));
    expect(response.text).not.toContain('bot.example');
  });
});
