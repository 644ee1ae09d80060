import request from 'supertest';
import { DataSource, IsNull, Not } from 'typeorm';
import { ChangeFeedService } from '../../src/database/change-feed.service.js';
import { EstateDetailService } from '../../src/detail/estate-detail.service.js';
import type { Estate } from '../../src/estates/domain/estate.js';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { TranslationService } from '../../src/i18n/translation.service.js';
import { LOCALES, type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { SectionCacheService } from '../../src/shell/rendering/section-cache.service.js';
import { storeEstates } from '../factories/estate.factory.js';
import { FakeVerifierServer } from '../support/fake-verifier-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const BOT_CHECK_SCRIPT = '<script src="https://www.google.com/recaptcha/api.js?render=site-key-sections" async=""></script>';

/**
 * The detail page's kept sections (views/cached-sections.tsx, SectionCacheService) with the render cache off, so
 * every request renders the page: the kept sections must give the bytes rendering them in place gives, follow a
 * listing's version and the locale, and leave everything that depends on the request to that request.
 */
describe('detail page sections kept between renders', () => {
  let verifier: FakeVerifierServer;
  let sut: TestApp;
  let sections: SectionCacheService;
  let ids: { standalone: number; project: number; unit: number; sale: number };

  beforeAll(async () => {
    verifier = new FakeVerifierServer();
    await verifier.start();
    verifier.answer = { status: 200, body: { success: true, score: 0.9 } };
    // With a bot check, as production runs: the forms (kept sections) carry the script React hoists into the head.
    sut = await startTestApp({
      RENDER_CACHE_MB: '0',
      BOT_CHECK_SECRET: 'verifier-secret',
      BOT_CHECK_SITE_KEY: 'site-key-sections',
      BOT_CHECK_VERIFY_URL: verifier.url,
      FORM_RATE_LIMIT: '100',
    });
    sections = sut.app.get(SectionCacheService);
    const rows = sut.app.get(DataSource).getRepository(EstateEntity);
    const one = async (where: object) => (await rows.findOne({ where, order: { id: 'ASC' } }))!.id;
    const project = await one({ isProject: true });
    ids = {
      standalone: await one({ isProject: false, parentId: IsNull(), status: 'FOR_SALE', headType: 'HOUSE' }),
      project,
      unit: await one({ parentId: project }),
      sale: await one({ isProject: false, parentId: IsNull(), status: 'FOR_SALE', forRent: false, region: 'FLANDERS', publicPrice: Not(IsNull()), headType: 'HOUSE' }),
    };
  });

  afterAll(async () => {
    await sut?.close();
    await verifier.stop();
  });

  const get = (path: string) => request(sut.server).get(path);

  async function pathOf(id: number, locale: Locale): Promise<string> {
    const found = await sut.app.get(EstateDetailService).find(id);
    return found!.paths[locale];
  }

  /** The page with every section rendered in place (as SECTION_CACHE_MB=0 renders it): the reference bytes. */
  async function inPlace(path: string): Promise<string> {
    const off = jest.spyOn(sections, 'enabled', 'get').mockReturnValue(false);
    try {
      const response = await get(path);
      expect(response.status).toBe(200);
      return response.text;
    } finally {
      off.mockRestore();
    }
  }

  /** As a sync does: the row, then the change on the feed the listing cache follows. */
  async function synced(estate: Estate): Promise<void> {
    await storeEstates(sut.app.get(DataSource), [estate]);
    await sut.app.get(ChangeFeedService).publish('estates', { ids: [estate.id] });
  }

  it('gives the bytes of rendering every section in place, first and kept, in every locale, with the bot-check script in the head', async () => {
    for (const id of [ids.standalone, ids.project, ids.unit]) {
      for (const locale of LOCALES) {
        const path = await pathOf(id, locale);
        for (const query of ['', '?sent=extra-info', '?sent=send-to-friend']) {
          const first = await get(path + query);
          const stored = jest.spyOn(sections, 'set');
          let kept: string;
          try {
            kept = (await get(path + query)).text;
            // The second render renders no section: every one is copied from the store.
            expect(stored).not.toHaveBeenCalled();
          } finally {
            stored.mockRestore();
          }
          const reference = await inPlace(path + query);
          expect(first.status).toBe(200);
          expect(first.text).toBe(reference);
          expect(kept).toBe(reference);
        }
      }
    }
    const page = (await get(await pathOf(ids.standalone, 'nl'))).text;
    expect(page.split(BOT_CHECK_SCRIPT)).toHaveLength(2);
    expect(page.indexOf(BOT_CHECK_SCRIPT)).toBeLessThan(page.indexOf('</head>'));
    expect(sections.size).toBeGreaterThan(0);
  });

  it('a listing’s new version shows its new content on the next request, in the kept sections too', async () => {
    const found = (await sut.app.get(EstateDetailService).find(ids.standalone))!;
    const original = found.estate;
    const path = found.paths.nl;
    const before = (await get(path)).text;
    const oldTitle = /<h1[^>]*>([^<]+)<\/h1>/.exec(before)![1]!;
    const newTitle = 'Herenhuis met stadstuin en atelier';
    const newDescription = 'Een volledig nieuwe beschrijving van dit herenhuis.';
    await synced({ ...original, title: { ...original.title, nl: newTitle }, description: { ...original.description, nl: newDescription } });
    try {
      const after = (await get(await pathOf(ids.standalone, 'nl'))).text;
      expect(after).not.toContain(oldTitle);
      // The title in the live heading and in kept sections (gallery label, breadcrumb, brochure photos), the
      // description in the main section.
      expect(after.split(newTitle).length).toBeGreaterThan(4);
      expect(after).toContain(newDescription);
      expect(after).toBe(await inPlace(await pathOf(ids.standalone, 'nl')));
    } finally {
      await synced(original);
    }
    expect((await get(path)).text).toBe(before);
  });

  it('never gives a locale another locale’s section', async () => {
    // As the page writes it (React escapes quotes in text).
    const t = (locale: Locale, key: string) => sut.app.get(TranslationService).forLocale(locale).t(key).replace(/'/g, '&#x27;').replace(/"/g, '&quot;');
    // The kept sections of the Dutch page first, then every other locale of the same listing and version.
    await get(await pathOf(ids.sale, 'nl'));
    for (const locale of LOCALES.filter((other) => other !== 'nl')) {
      const path = await pathOf(ids.sale, locale);
      const html = (await get(path)).text;
      for (const key of ['detail.share.title', 'detail.details', 'costs.title', 'detail.extraInfo.title', 'brochure.sheet.agent']) {
        expect(t(locale, key)).not.toBe(t('nl', key));
        expect(html.includes(t(locale, key))).toBe(true);
        expect(html.includes(`>${t('nl', key)}<`)).toBe(false);
      }
      expect(html).toBe(await inPlace(path));
    }
  });

  it('leaves to each request what depends on it: the heart’s return path and a sent form’s notice', async () => {
    const path = await pathOf(ids.standalone, 'nl');
    const sent = (await get(`${path}?sent=extra-info`)).text;
    expect(sent).toContain(`name="back" value="${path}?sent=extra-info"`);
    expect(sent).toMatch(/class="alert alert--success" role="status" data-modal-success="">/);
    const plain = (await get(path)).text;
    expect(plain).toContain(`name="back" value="${path}"`);
    expect(plain).not.toContain('?sent=');
    expect(plain).not.toMatch(/class="alert alert--success" role="status" data-modal-success="">/);
    // A visitor's cookies (consent, favourites) change nothing in the page: it is the same for everyone.
    const withCookies = (await get(path).set('Cookie', `immo_consent=accepted; immo_favorites=${ids.standalone}`)).text;
    expect(withCookies).toBe(plain);
  });

  it('shows a refused form with what its visitor typed to that visitor only, never in a kept section', async () => {
    const path = await pathOf(ids.standalone, 'nl');
    await get(path);
    const refuse = (name: string) =>
      request(sut.server)
        .post(urlFor('ajaxContactForm', 'nl'))
        .type('form')
        .send({ estateId: String(ids.standalone), name, email: 'not-an-address', message: 'Bezoek?', privacyConsent: 'on', 'g-recaptcha-response': 'token-ok' });
    const zeta = await refuse('Bezoeker Zeta');
    expect(zeta.status).toBe(422);
    expect(zeta.text).toContain('value="Bezoeker Zeta"');
    expect(zeta.text).toContain('Vul een geldig e-mailadres in.');
    const eta = await refuse('Bezoeker Eta');
    expect(eta.text).toContain('value="Bezoeker Eta"');
    expect(eta.text).not.toContain('Zeta');
    const page = (await get(path)).text;
    expect(page).not.toContain('Zeta');
    expect(page).not.toContain('Eta"');
    expect(page).not.toContain('Vul een geldig e-mailadres in.');
    expect(page).toBe(await inPlace(path));
  });

  it('recomputes the purchase-cost block for a visitor’s choices, and keeps the default block for the plain page', async () => {
    const path = await pathOf(ids.sale, 'nl');
    const plain = (await get(path)).text;
    expect(plain).toContain('id="purchase-cost"');
    const monthly = `€\u00a0${new Intl.NumberFormat('nl-BE', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' }).format(200_000 / 240)}`;
    expect(plain).not.toContain(monthly);
    const chosen = await get(`${urlFor('purchaseCost', 'nl', { estateId: ids.sale })}?onlyHome=no&loan=200000&rate=0&years=20`);
    expect(chosen.status).toBe(200);
    expect(chosen.text).toContain(monthly);
    expect(chosen.text).toMatch(/id="purchase-cost-only-home-no"[^>]*checked=""/);
    const again = (await get(path)).text;
    expect(again).toBe(plain);
    expect(again).not.toContain(monthly);
  });
});
