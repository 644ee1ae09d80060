import request from 'supertest';
import { LOCALES } from '../../src/routing/locales.js';
import { type RouteName, urlFor } from '../../src/routing/routes.js';
import { demoAppointmentPath } from '../support/demo-appointment.js';
import { demoSubscriptionToken } from '../support/demo-subscription.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A demo appointment's random public id, looked up once the app has synced. */
const KNOWN_APPOINTMENT: Record<string, string> = { appointmentId: '' };
const KNOWN_HOLIDAY_UNIT = 101;
/** A subscription's link token (issued once the app runs; unknown tokens are 404). */
const KNOWN_TOKEN: Record<string, string> = { token: '' };

/** Screens of SPEC §2 whose content needs no listing (detail pages are covered with the estates). */
const PAGES: Array<[RouteName, Record<string, string | number>]> = [
  ['home', {}],
  ['privacy', {}],
  ['terms', {}],
  ['favorites', {}],
  ['subscribe', {}],
  ['subscribeSuccess', {}],
  ['unsubscribe', KNOWN_TOKEN],
  ['editSubscriptions', KNOWN_TOKEN],
  ['cancelAppointment', KNOWN_APPOINTMENT],
  ['holiday', { rentalUnitId: KNOWN_HOLIDAY_UNIT }],
];

function titleOf(html: string): string {
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
}

describe('foundation', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
    KNOWN_APPOINTMENT.appointmentId = (await demoAppointmentPath(sut.app, 'nl')).split('/').pop()!;
    KNOWN_TOKEN.token = await demoSubscriptionToken(sut.app);
  });

  afterAll(async () => {
    await sut.close();
  });

  describe('every page of SPEC §2', () => {
    const cases = PAGES.flatMap(([route, params]) => LOCALES.map((locale) => [route, locale, params] as const));

    it.each(cases)('%s answers 200 in %s with its language, title and heading', async (route, locale, params) => {
      const response = await request(sut.server).get(urlFor(route, locale, params));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.text).toMatch(/^<!DOCTYPE html><html lang="(\w\w)"/);
      expect(response.text).toContain(`<html lang="${locale}"`);
      expect(titleOf(response.text)).not.toBe('');
      expect(response.text).toMatch(/<h1>[^<]+<\/h1>/);
      expect(response.text).not.toMatch(/TODO|pages\.\w+\.\w+/);
    });

    it.each(PAGES)('%s has its own title in each locale', async (route, params) => {
      const titles = await Promise.all(LOCALES.map(async (locale) => titleOf((await request(sut.server).get(urlFor(route, locale, params))).text)));
      expect(new Set(titles).size).toBeGreaterThanOrEqual(route === 'holiday' ? 3 : 4);
    });

    it('gives each page a different title', async () => {
      const titles = await Promise.all(PAGES.map(async ([route, params]) => titleOf((await request(sut.server).get(urlFor(route, 'en', params))).text)));
      expect(new Set(titles).size).toBe(PAGES.length);
    });
  });

  describe('locale handling', () => {
    it('redirects / to nl by default', async () => {
      const response = await request(sut.server).get('/');
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe('/nl');
    });

    it('redirects / to the best language of Accept-Language', async () => {
      const response = await request(sut.server).get('/').set('Accept-Language', 'de-DE,de;q=0.9,en;q=0.8');
      expect(response.headers.location).toBe('/de');
    });

    it('answers an unknown locale prefix with a 404 page', async () => {
      const response = await request(sut.server).get('/es');
      expect(response.status).toBe(404);
      expect(response.text).toContain('Pagina niet gevonden');
    });
  });

  describe('layout', () => {
    it('links the four locales and x-default with hreflang', async () => {
      const html = (await request(sut.server).get('/fr/favoris')).text;
      for (const [lang, path] of [['nl', '/nl/favorieten'], ['fr', '/fr/favoris'], ['en', '/en/favorites'], ['de', '/de/favoriten']]) {
        expect(html).toContain(`<a href="${path}" hrefLang="${lang}"`);
      }
      const privacy = (await request(sut.server).get('/en/privacy-statement')).text;
      expect(privacy).toContain('<link rel="canonical" href="http://immo.test/en/privacy-statement"/>');
      expect(privacy).toContain('<link rel="alternate" hrefLang="de" href="http://immo.test/de/datenschutzerklarung"/>');
      expect(privacy).toContain('<link rel="alternate" hrefLang="x-default" href="http://immo.test/nl/privacy-verklaring"/>');
    });

    it('keeps the visitor on the same page when switching language', async () => {
      const html = (await request(sut.server).get(urlFor('holiday', 'de', { rentalUnitId: KNOWN_HOLIDAY_UNIT }))).text;
      expect(html).toContain(`href="/fr/vacances/${KNOWN_HOLIDAY_UNIT}" hrefLang="fr"`);
    });

    it('links favourites, keep-me-informed, privacy and terms from header and footer', async () => {
      const html = (await request(sut.server).get('/en')).text;
      for (const path of ['/en/favorites', '/en/keep-me-informed', '/en/privacy-statement', '/en/terms-of-use']) {
        expect(html).toContain(`href="${path}"`);
      }
    });

    it('loads htmx and the styles from hashed assets', async () => {
      const html = (await request(sut.server).get('/nl')).text;
      expect(html).toMatch(/<script type="module" src="\/assets\/app-[A-Z0-9]+\.js"><\/script>/);
      expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/app-style-[A-Z0-9]+\.css"\/>/);
    });

    it('shows the agency name and brand colour from configuration', async () => {
      const branded = await startTestApp({ AGENCY_NAME: 'Vastgoed Peeters', BRAND_COLOR: '#aa3300' });
      try {
        const html = (await request(branded.server).get('/nl')).text;
        expect(html).toContain('Vastgoed Peeters');
        const theme = /<link rel="stylesheet" href="(\/theme\.css\?v=[\w-]+)"\/>/.exec(html)![1]!;
        const stylesheet = await request(branded.server).get(theme);
        expect(stylesheet.headers['content-type']).toMatch(/^text\/css/);
        expect(stylesheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(stylesheet.text).toContain('--brand:#aa3300');
      } finally {
        await branded.close();
      }
    });
  });

  describe('cookie consent', () => {
    it('sends every visitor the same page, the banner hidden for the browser to show while no choice is stored', async () => {
      const before = await request(sut.server).get('/en');
      const after = await request(sut.server).get('/en').set('Cookie', 'immo_consent=accepted');
      expect(before.text).toMatch(/<section class="consent-banner" id="consent-banner"[^>]* data-consent-banner="" hidden="">/);
      expect(after.text).toBe(before.text);
      expect(after.headers.etag).toBe(before.headers.etag);
      expect(before.headers.vary).not.toMatch(/cookie/i);
    });

    it('offers the choice again on the cookie-settings page linked from every footer, without JavaScript', async () => {
      const home = (await request(sut.server).get('/fr')).text;
      expect(home).toContain('<a href="/fr/cookie-consent" data-cookie-settings="">Paramètres des cookies</a>');
      const settings = await request(sut.server).get('/fr/cookie-consent').set('Cookie', 'immo_consent=declined');
      expect(settings.status).toBe(200);
      expect(settings.text).toContain('Votre choix actuel : refusés.');
      expect(settings.text).toMatch(/<form class="consent-banner__inner" action="\/fr\/cookie-consent" method="post">/);
      const saved = await request(sut.server).post('/fr/cookie-consent').type('form').send({ choice: 'accepted', returnTo: '/fr/cookie-consent' });
      expect(saved.headers.location).toBe('/fr/cookie-consent?saved=1');
    });

    it('stores the choice for a year and returns to the page without JavaScript', async () => {
      const response = await request(sut.server)
        .post('/en/cookie-consent')
        .type('form')
        .send({ choice: 'accepted', returnTo: '/en/terms-of-use' });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe('/en/terms-of-use');
      expect(response.headers['set-cookie'][0]).toMatch(/^immo_consent=accepted; Max-Age=31536000; Path=\/; SameSite=Lax/);
    });

    it.each(['//evil.example/x', '/\t/evil.example', '/%09/evil.example', '/\\evil.example', '/%2F/evil.example', 'https://evil.example/', ' /x', '/\n/evil.example'])(
      'never returns to another site (returnTo %j)',
      async (returnTo) => {
        const response = await request(sut.server).post('/en/cookie-consent').type('form').send({ choice: 'declined', returnTo });
        expect(response.status).toBe(303);
        expect(response.headers.location).toBe('/en');
      },
    );

    it('refuses a cookie choice posted from another site (403)', async () => {
      const response = await request(sut.server)
        .post('/en/cookie-consent')
        .set('Sec-Fetch-Site', 'cross-site')
        .set('Origin', 'https://evil.example')
        .type('form')
        .send({ choice: 'accepted' });
      expect(response.status).toBe(403);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.text).toContain('<h1>Access denied</h1>');
    });

    it('answers htmx with an empty banner and the consent event', async () => {
      const response = await request(sut.server).post('/fr/cookie-consent').set('HX-Request', 'true').type('form').send({ choice: 'accepted' });
      expect(response.status).toBe(200);
      expect(response.text).toBe('');
      expect(JSON.parse(response.headers['hx-trigger'])).toEqual({ 'immo:consent': { choice: 'accepted' } });
    });

    it('rejects an unknown choice with a localized 422 page', async () => {
      const response = await request(sut.server).post('/de/cookie-consent').type('form').send({ choice: 'maybe' });
      expect(response.status).toBe(422);
      expect(response.text).toContain('Angaben nicht angenommen');
    });
  });

  describe('errors', () => {
    it.each([
      ['cancel appointment', urlFor('cancelAppointment', 'fr', { appointmentId: '00000000-0000-4000-8000-000000000000' }), 'Page introuvable'],
      ['cancel appointment with a malformed id', urlFor('cancelAppointment', 'en', { appointmentId: 'not-a-uuid' }), 'Page not found'],
      ['holiday unit', urlFor('holiday', 'de', { rentalUnitId: 999 }), 'Seite nicht gefunden'],
      ['holiday unit with a malformed id', urlFor('holiday', 'nl', { rentalUnitId: 'abc' }), 'Pagina niet gevonden'],
      ['estate detail', urlFor('detailShort', 'en', { estateId: 99999999 }), 'Page not found'],
    ])('answers an unknown %s with a localized 404 page', async (_, path, heading) => {
      const response = await request(sut.server).get(path);
      expect(response.status).toBe(404);
      expect(response.text).toContain(`<h1>${heading}</h1>`);
      expect(response.text).toContain('<meta name="robots" content="noindex"/>');
    });

    it('answers a body in an unsupported format with a 4xx page, not a 500', async () => {
      const response = await request(sut.server).post('/en/cookie-consent').set('Content-Type', 'application/xml').send('<a/>');
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });

    it('answers htmx requests with an alert fragment', async () => {
      const response = await request(sut.server).get('/en/no-such-page').set('HX-Request', 'true');
      expect(response.status).toBe(404);
      expect(response.text).toMatch(/^<div class="alert alert--danger" role="alert">/);
    });
  });

  describe('caching', () => {
    it('sends the same bytes, ETag and CSP for an unchanged page, cacheable briefly by a CDN', async () => {
      const first = await request(sut.server).get('/nl/gebruiksvoorwaarden');
      const second = await request(sut.server).get('/nl/gebruiksvoorwaarden');
      expect(first.headers['cache-control']).toMatch(/^public, max-age=0, must-revalidate, s-maxage=\d+, stale-while-revalidate=\d+$/);
      expect(first.headers.etag).toBeDefined();
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.text).toBe(first.text);
      expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    });

    it('answers 304 to a matching If-None-Match', async () => {
      const first = await request(sut.server).get('/nl/gebruiksvoorwaarden');
      const revalidated = await request(sut.server).get('/nl/gebruiksvoorwaarden').set('If-None-Match', first.headers.etag);
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBe('');
    });

    it('serves hashed assets as immutable for a year', async () => {
      const html = (await request(sut.server).get('/nl')).text;
      const script = /src="(\/assets\/app-[A-Z0-9]+\.js)"/.exec(html)![1];
      const response = await request(sut.server).get(script);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['content-type']).toMatch(/javascript/);
    });

    it('compresses pages', async () => {
      const response = await request(sut.server).get('/nl/privacy-verklaring').set('Accept-Encoding', 'gzip');
      expect(response.headers['content-encoding']).toBe('gzip');
    });
  });

  describe('security', () => {
    it("sends a 'self'-based CSP without nonces that forbids inline script and style, and pages that need neither", async () => {
      const response = await request(sut.server).get('/en');
      const csp = response.headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("script-src-attr 'none'");
      expect(csp).toContain("style-src-attr 'none'");
      expect(csp).not.toMatch(/nonce|unsafe-inline|unsafe-eval/);
      expect(response.text).not.toMatch(/<style|\sstyle=|\snonce=|\son[a-z]+=/i);
      expect(response.text).not.toMatch(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/ld\+json")/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });

    it('sends the headers browsers act on and none that only add bytes', async () => {
      const response = await request(sut.server).get('/en');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['x-permitted-cross-domain-policies']).toBe('none');
      for (const legacy of ['x-xss-protection', 'x-download-options', 'x-dns-prefetch-control', 'x-powered-by']) expect(response.headers[legacy]).toBeUndefined();
    });

    it('tags every response with a request id', async () => {
      const response = await request(sut.server).get('/healthz');
      expect(response.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
      const echoed = await request(sut.server).get('/healthz').set('X-Request-Id', 'trace-123');
      expect(echoed.headers['x-request-id']).toBe('trace-123');
    });
  });

  describe('health', () => {
    it('answers /healthz while the process is up', async () => {
      const response = await request(sut.server).get('/healthz');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok' });
    });

    it('answers /readyz when the database is reachable', async () => {
      const response = await request(sut.server).get('/readyz');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ready' });
    });
  });
});
