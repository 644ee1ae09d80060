import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { encodeFavorites, FAVORITES_COOKIE } from '../../src/favorites/favorites-cookie.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { urlFor } from '../../src/routing/routes.js';
import type { FakeVerifierServer } from '../support/fake-verifier-server.js';
import type { SmtpTestServer } from '../support/smtp-test-server.js';
import { type TestApp } from '../support/test-app.js';
import { type FormTestApp, startFormTestApp } from '../support/form-test-app.js';
import { until } from '../support/poll.js';

const GONE = 987654;

describe('favourites', () => {
  let verifier: FakeVerifierServer;
  let smtp: SmtpTestServer;
  let sut: TestApp;
  let forms: FormTestApp;
  let ids: number[];
  let detailPath: string;

  beforeAll(async () => {
    ({ sut, verifier, smtp } = forms = await startFormTestApp({ FAVORITES_MAX: '3' }));
    const listings = await sut.app.get(DataSource).getRepository(EstateEntity).find({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' }, take: 4 });
    ids = listings.map((listing) => listing.id);
    detailPath = (await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: ids[0]! }))).headers.location as string;
  });

  afterAll(() => forms?.close());

  beforeEach(() => {
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
  });

  const cookieOf = (favorites: number[]) => `${FAVORITES_COOKIE}=${encodeFavorites(favorites, sut.config.COOKIE_SECRET)}`;
  const setCookie = (response: request.Response): string => {
    const header = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((line) => line.startsWith(`${FAVORITES_COOKIE}=`));
    return header ? header.split(';')[0]! : '';
  };
  const idsIn = (cookie: string) => cookie.split('=')[1]!.split('.')[0]!.split('-').filter(Boolean).map(Number);
  const toggle = (estateId: number, intent: 'add' | 'remove', options: { cookie?: string; htmx?: boolean; back?: string } = {}) => {
    let call = request(sut.server).post(urlFor('favoriteToggle', 'nl', { estateId })).type('form');
    if (options.cookie) call = call.set('Cookie', options.cookie);
    if (options.htmx) call = call.set('HX-Request', 'true');
    return call.send({ intent, back: options.back ?? detailPath });
  };

  it('without JavaScript: the heart posts to the favourites path, sets the signed cookie and 303s back to the heart', async () => {
    expect(detailPath).toMatch(/^\/nl\/aanbod\//);
    const response = await toggle(ids[0]!, 'add');
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`${detailPath}#favorite-${ids[0]}`);
    const cookie = setCookie(response);
    expect(idsIn(cookie)).toEqual([ids[0]]);
    expect(cookie).toMatch(/\.[A-Za-z0-9_-]{43}$/);
  });

  it('with htmx: answers only the heart, pressed, and the header badge out of band', async () => {
    const response = await toggle(ids[1]!, 'add', { htmx: true, cookie: cookieOf([ids[0]!]) });
    expect(response.status).toBe(200);
    expect(response.text).not.toContain('<html');
    expect(response.text).toContain('aria-pressed="true"');
    expect(response.text).toContain('name="intent" value="remove"');
    expect(response.text).toMatch(/<span id="favorites-badge"[^>]*hx-swap-oob="true"[^>]*>2<\/span>/);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(idsIn(setCookie(response))).toEqual([ids[1], ids[0]]);
  });

  it('is idempotent: adding twice keeps one, removing what is not there changes nothing', async () => {
    expect(idsIn(setCookie(await toggle(ids[0]!, 'add', { cookie: cookieOf([ids[0]!]) })))).toEqual([ids[0]]);
    expect(idsIn(setCookie(await toggle(ids[1]!, 'remove', { cookie: cookieOf([ids[0]!]) })))).toEqual([ids[0]]);
  });

  it('keeps at most FAVORITES_MAX and says so instead of dropping one', async () => {
    const full = cookieOf([ids[0]!, ids[1]!, ids[2]!]);
    const response = await toggle(ids[3]!, 'add', { htmx: true, cookie: full });
    expect(response.text).toContain('U kunt hoogstens 3 favorieten bewaren');
    expect(response.text).toContain('aria-pressed="false"');
    expect(idsIn(setCookie(response))).toEqual([ids[0], ids[1], ids[2]]);
  });

  it('trusts no forged cookie', async () => {
    const forged = cookieOf([ids[0]!]).replace(`=${ids[0]}.`, `=${ids[2]}.`);
    const page = await request(sut.server).get(urlFor('favorites', 'nl')).set('Cookie', forged);
    expect(page.text).toContain('U hebt nog geen favorieten.');
    expect(idsIn(setCookie(await toggle(ids[1]!, 'add', { cookie: forged })))).toEqual([ids[1]]);
  });

  it('refuses an unknown listing (404) and a cross-site post (403), setting nothing', async () => {
    const unknown = await toggle(GONE, 'add');
    expect(unknown.status).toBe(404);
    expect(setCookie(unknown)).toBe('');
    const crossSite = await request(sut.server).post(urlFor('favoriteToggle', 'nl', { estateId: ids[0]! })).set('Sec-Fetch-Site', 'cross-site').set('Origin', 'https://evil.example').type('form').send({ intent: 'add' });
    expect(crossSite.status).toBe(403);
    expect(setCookie(crossSite)).toBe('');
  });

  it('never redirects elsewhere than this site', async () => {
    const response = await toggle(ids[0]!, 'add', { back: '//evil.example/x' });
    expect(response.headers.location).toBe(`${urlFor('favorites', 'nl')}#favorite-${ids[0]}`);
  });

  it('without JavaScript: the page it returns to confirms what happened at that anchor (saved, removed, list full)', async () => {
    const saved = await toggle(ids[0]!, 'add');
    const removed = await toggle(ids[0]!, 'remove', { cookie: cookieOf([ids[0]!]) });
    const full = await toggle(ids[3]!, 'add', { cookie: cookieOf([ids[0]!, ids[1]!, ids[2]!]) });
    expect([saved, removed, full].map((response) => response.headers.location)).toEqual([
      `${detailPath}#favorite-${ids[0]}`,
      `${detailPath}#favorite-${ids[0]}-removed`,
      `${detailPath}#favorite-${ids[3]}-full`,
    ]);
    const page = (await request(sut.server).get(detailPath)).text;
    const heart = page.slice(page.indexOf(`id="favorite-${ids[0]}"`));
    expect(heart.slice(0, heart.indexOf('</form>'))).toMatch(
      /<span class="favorite-toggle__flash favorite-toggle__flash--saved">Bewaard in uw favorieten\.<\/span><span class="favorite-toggle__flash" id="favorite-\d+-removed">Verwijderd uit uw favorieten\.<\/span><span class="favorite-toggle__flash" id="favorite-\d+-full">[^<]+<\/span>$/,
    );
  });

  it('without JavaScript: a private stylesheet the pages load in <noscript> shows the saved hearts and the header count', async () => {
    const page = (await request(sut.server).get(detailPath)).text;
    // The header (the same on every page) loads it only where scripts do not run; htmx's badge swap carries none.
    expect(page).toMatch(/<span id="favorites-badge"[^>]*><\/span><noscript><link rel="stylesheet" href="\/favorites.css"\/><\/noscript>/);
    const css = await request(sut.server).get('/favorites.css').set('Cookie', cookieOf([ids[0]!, ids[2]!]));
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['cache-control']).toBe('private, no-store');
    expect(css.text).toContain('content: "2"');
    expect(css.text).toContain(`form[data-favorite-id="${ids[0]}"] > .favorite-toggle__button--saved`);
    expect(css.text).toContain(`form[data-favorite-id="${ids[2]}"] > .favorite-toggle__button--saved`);
    expect(css.text).not.toContain(`form[data-favorite-id="${ids[1]}"]`);
    // A forged cookie or none: nothing saved, nothing shown.
    const forged = await request(sut.server).get('/favorites.css').set('Cookie', `${FAVORITES_COOKIE}=${ids[1]}.forged`);
    expect(forged.status).toBe(200);
    expect(forged.text).toBe('');
    expect((await request(sut.server).get('/favorites.css')).text).toBe('');
  });

  it('without JavaScript: the saved heart that stylesheet shows removes the listing, though the page was drawn to add it', async () => {
    const post = (body: Record<string, string>) =>
      request(sut.server).post(urlFor('favoriteToggle', 'nl', { estateId: ids[0]! })).type('form').set('Cookie', cookieOf([ids[0]!, ids[1]!])).send({ back: detailPath, ...body });
    const removed = await post({ intent: 'add', saved: '1' });
    expect(removed.status).toBe(303);
    expect(removed.headers.location).toBe(`${detailPath}#favorite-${ids[0]}-removed`);
    expect(idsIn(setCookie(removed))).toEqual([ids[1]]);
    const refused = await post({ intent: 'add', saved: 'yes' });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(setCookie(refused)).toBe('');
  });

  it('lists the favourites as cards on a private page, with the gone one as "no longer available" and a remove button', async () => {
    const page = await request(sut.server).get(urlFor('favorites', 'nl')).set('Cookie', cookieOf([ids[1]!, GONE]));
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toMatch(/private|no-store/);
    expect(page.text).toContain(`data-estate-id="${ids[1]}"`);
    expect(page.text).toContain('Dit pand is niet meer beschikbaar.');
    expect(page.text).toContain(`action="${urlFor('favoriteToggle', 'nl', { estateId: GONE })}"`);
    const removed = await toggle(GONE, 'remove', { cookie: cookieOf([ids[1]!, GONE]), back: urlFor('favorites', 'nl') });
    expect(removed.status).toBe(303);
    expect(idsIn(setCookie(removed))).toEqual([ids[1]]);
  });

  it('shows an empty state that leads to the search', async () => {
    const page = await request(sut.server).get(urlFor('favorites', 'fr'));
    expect(page.text).toContain('Vous n&#x27;avez pas encore de favoris.');
    expect(page.text).toContain(`href="${urlFor('home', 'fr')}"`);
    expect(page.text).not.toContain('id="favorites-mail"');
  });

  it('keeps the detail page the same for everyone: the heart is drawn off and filled in by the page script', async () => {
    const withCookie = await request(sut.server).get(detailPath).set('Cookie', cookieOf([ids[0]!]));
    const without = await request(sut.server).get(detailPath);
    expect(withCookie.headers.etag).toBe(without.headers.etag);
    expect(without.headers['cache-control']).not.toMatch(/private|no-store/);
    expect(without.text).toContain(`data-favorite-id="${ids[0]}"`);
    expect(without.text).toContain('aria-pressed="false"');
    expect(without.text).toContain('data-favorites-badge=""');
  });

  it('puts a heart on every search result card, returning to the search with its query without JavaScript', async () => {
    const search = `${urlFor('home', 'nl')}?transaction=buy&sort=price-asc`;
    const withCookie = await request(sut.server).get(search).set('Cookie', cookieOf([ids[0]!]));
    const page = await request(sut.server).get(search);
    expect(page.status).toBe(200);
    // Still one cached page for everyone: the hearts are drawn off and the page script fills them in.
    expect(withCookie.headers.etag).toBe(page.headers.etag);
    expect(page.headers['cache-control']).not.toMatch(/private|no-store/);
    const cards = [...page.text.matchAll(/<article[^>]*data-estate-id="(\d+)"/g)].map((match) => Number(match[1]));
    expect(cards.length).toBeGreaterThan(0);
    for (const id of cards) expect(page.text).toContain(`action="${urlFor('favoriteToggle', 'nl', { estateId: id })}"`);
    const backs = [...page.text.matchAll(/<input type="hidden" name="back" value="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    expect(backs).toHaveLength(cards.length);
    expect(new Set(backs)).toEqual(new Set([search]));

    const response = await toggle(cards[0]!, 'add', { back: search });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`${search}#favorite-${cards[0]}`);
    expect(page.text).toMatch(new RegExp(`<form class="favorite-toggle" id="favorite-${cards[0]}"[^>]*action="${urlFor('favoriteToggle', 'nl', { estateId: cards[0]! })}"`));
  });

  it('puts a heart on the similar-estates cards, returning to the detail page', async () => {
    const response = await request(sut.server).get(urlFor('ajaxSimilarEstates', 'nl', { estateId: ids[0]! })).set('HX-Request', 'true');
    expect(response.status).toBe(200);
    const cards = [...response.text.matchAll(/<article[^>]*data-estate-id="(\d+)"/g)].map((match) => Number(match[1]));
    expect(cards.length).toBeGreaterThan(0);
    for (const id of cards) expect(response.text).toContain(`action="${urlFor('favoriteToggle', 'nl', { estateId: id })}"`);
    expect(response.text).toContain(`name="back" value="${detailPath}"`);
  });

  describe('mail me my favourites', () => {
    const mailCount = () => sut.app.get(DataSource).getRepository(MailEntity).count();
    const mailForm = (fields: Record<string, string>, cookie = cookieOf([ids[0]!, ids[1]!])) =>
      request(sut.server).post(urlFor('favoritesMail', 'en')).set('HX-Request', 'true').set('Cookie', cookie).type('form').send({ 'g-recaptcha-response': 'ok', ...fields });

    it('mails the list through SMTP in the page’s language', async () => {
      const response = await mailForm({ email: 'fan@example.be', privacyConsent: 'on' });
      expect(response.status).toBe(200);
      expect(response.text).toContain('Your favourites have been sent.');
      await until('favourites mail delivered', async () => smtp.received.some((mail) => mail.subject?.startsWith('Your favourites at')), Boolean, { timeoutMs: 20_000 });
      const mail = smtp.received.find((received) => received.subject?.startsWith('Your favourites at'))!;
      expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('fan@example.be');
      expect(mail.text).toContain(`http://immo.test/en/offer/${ids[0]}/`);
      expect(mail.text).toContain(`http://immo.test/en/offer/${ids[1]}/`);
    });

    it('refuses an invalid address or a missing consent with 422, storing nothing', async () => {
      const before = await mailCount();
      const invalid = await mailForm({ email: 'nope', privacyConsent: 'on' });
      expect(invalid.status).toBe(422);
      expect(invalid.text).toContain('id="favorites-mail"');
      const noConsent = await mailForm({ email: 'fan2@example.be' });
      expect(noConsent.status).toBe(422);
      expect(noConsent.text).toContain('Please give your consent');
      expect(await mailCount()).toBe(before);
    });

    it('refuses when the bot check says bot, storing nothing', async () => {
      verifier.answer = { status: 200, body: { success: false } };
      const before = await mailCount();
      expect((await mailForm({ email: 'bot@example.be', privacyConsent: 'on' })).status).toBe(403);
      expect(await mailCount()).toBe(before);
    });

    it('without JavaScript: 303 to the favourites page, which says it was sent', async () => {
      const response = await request(sut.server).post(urlFor('favoritesMail', 'nl')).set('Cookie', cookieOf([ids[0]!])).type('form').send({ email: 'nojs-fan@example.be', privacyConsent: 'on', 'g-recaptcha-response': 'ok' });
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe(`${urlFor('favorites', 'nl')}?sent=1`);
      const page = await request(sut.server).get(response.headers.location).set('Cookie', cookieOf([ids[0]!]));
      expect(page.text).toContain('Uw favorieten zijn verstuurd.');
    });
  });
});
