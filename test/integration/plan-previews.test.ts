import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { LOCALES, type Locale } from '../../src/routing/locales.js';
import { encodePhotoOrigin, urlFor } from '../../src/routing/routes.js';
import { PropertyImagesController } from '../../src/estates/images/property-images.controller.js';
import { FIXTURES_DIR } from '../../src/utils/paths.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { FakePhotoHost } from '../support/fake-photo-host.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** A real one-page plan (the demo's own, A4 portrait), served by a CRM's host. */
const PLAN_PDF = readFileSync(join(FIXTURES_DIR, 'documents/floor-plan-house-v1.pdf'));
/** A PDF's header and nothing a PDF reader can use. */
const BROKEN_PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41)]);
const LISTING_ID = 5001;
const ALTS: Readonly<Record<Locale, string>> = {
  nl: 'Grondplan (eerste pagina)',
  fr: 'Plan (première page)',
  en: 'Floor plan (first page)',
  de: 'Grundriss (erste Seite)',
};

const NAMED_ALTS: Readonly<Record<Locale, string>> = {
  nl: 'Verdieping (eerste pagina)',
  fr: 'Étage (première page)',
  en: 'First floor (first page)',
  de: 'Obergeschoss (erste Seite)',
};

const escape = (text: string) => text.replace(/[()]/g, '\\$&');
const isWebp = (body: Buffer) => body.subarray(0, 4).toString('latin1') === 'RIFF' && body.subarray(8, 12).toString('latin1') === 'WEBP';
const isJpeg = (body: Buffer) => body[0] === 0xff && body[1] === 0xd8 && body[2] === 0xff;

/**
 * How much of the image is drawing: the share of pixels darker than the backdrop and the page (the plan's walls and
 * text are near black). A blank page, or only the frame, has none.
 */
async function inkShare(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (const value of data) if (value < 120) dark++;
  return dark / (info.width * info.height);
}

/**
 * Issue 38: a floor plan in PDF shows its first page inline, drawn by the server (no JavaScript, images from 'self'
 * only), with the link to the PDF kept; a PDF that cannot be drawn gets a placeholder image, never a 500.
 */
describe('floor plans in PDF: a first-page preview', () => {
  let sut: TestApp;
  const crm = new FakeCrmServer();
  const host = new FakePhotoHost();
  const planUrl = () => `${host.url}/upload/77/docs/plan.pdf`;
  const brokenUrl = () => `${host.url}/upload/77/docs/broken.pdf`;

  beforeAll(async () => {
    await Promise.all([crm.start(), host.start()]);
    host.put('/upload/77/docs/plan.pdf', PLAN_PDF, 200, 'application/pdf');
    host.put('/upload/77/docs/broken.pdf', BROKEN_PDF, 200, 'application/pdf');
    host.put('/upload/77/docs/brochure.pdf', PLAN_PDF, 200, 'application/pdf');
    const index = crm.sourceB.listings.findIndex((item) => item.id === LISTING_ID);
    crm.sourceB.listings[index] = {
      ...crm.sourceB.listings[index]!,
      files: [
        { type: 'FLOOR_PLAN', link: planUrl() },
        { type: 'FLOOR_PLAN', link: brokenUrl(), comment: { nl: 'Verdieping', fr: 'Étage', en: 'First floor', de: 'Obergeschoss' } },
        { type: 'BROCHURE', link: `${host.url}/upload/77/docs/brochure.pdf` },
      ],
    };
    sut = await startTestApp({ ...fakeCrmEnv(crm), PHOTO_HOSTS: `files.zabun.be,${host.url}`, IMAGE_CONCURRENCY: '1' });
  });

  afterAll(async () => {
    await sut?.close();
    await Promise.all([crm.stop(), host.stop()]);
  });

  const get = (path: string) => request(sut.server).get(path).buffer(true);
  const page = async (id: number, locale: Locale) => (await get((await get(urlFor('detailShort', locale, { estateId: id }))).headers.location)).text;
  const documentsOf = (html: string) => /<section class="detail-section documents".*?<\/section>/s.exec(html)?.[0] ?? '';
  const items = (html: string) => [...documentsOf(html).matchAll(/<li class="[^"]*".*?<\/li>/gs)].map((match) => match[0]);
  const previewOf = (item: string) => /<img src="([^"]+)" srcSet="([^"]+)"[^>]*>/.exec(item);

  it.each(LOCALES)('%s: the PDF plan’s first page shows inline, in its box, its link kept; the brochure keeps its card alone', async (locale) => {
    const [plan, broken, brochure] = items(await page(LISTING_ID, locale));
    const origin = encodePhotoOrigin(planUrl());
    expect(plan).toContain('document-list__item--preview');
    expect(plan).toContain('<a class="document-list__preview document-list__preview--page"');
    expect(plan).toMatch(new RegExp(`<img src="/property-images/u/${origin}/1024w/plan-pdf\\.jpg\\.jpg" srcSet="[^"]+" sizes="[^"]+" width="1000" height="700" alt="${escape(ALTS[locale])}" loading="lazy"`));
    expect(plan).toContain(`<source type="image/webp" srcSet="/property-images/u/${origin}/480w/plan-pdf.jpg.webp 480w`);
    // The PDF itself is still what the card opens.
    expect(plan).toContain(`<a class="document-list__link" href="${planUrl()}" type="application/pdf"`);
    // A plan the CRM names: its name, and that it is the first page.
    expect(broken).toContain(`alt="${NAMED_ALTS[locale]}"`);
    expect(brochure).toContain('data-document-type="BROCHURE"');
    expect(brochure).not.toContain('<img');
  });

  it('draws page 1 once and serves it in the widths and formats the page asks for: a real image with the plan on it', async () => {
    const [plan] = items(await page(LISTING_ID, 'nl'));
    const [, src, srcSet] = previewOf(plan)!;
    const jpeg = await get(src);
    expect([jpeg.status, jpeg.headers['content-type']]).toEqual([200, 'image/jpeg']);
    expect(isJpeg(jpeg.body as Buffer)).toBe(true);
    expect(await sharp(jpeg.body as Buffer).metadata()).toMatchObject({ width: 1024, height: 717 });
    const webp = await get(src.replace('1024w', '768w').replace(/\.jpg$/, '.webp'));
    expect([webp.status, webp.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(isWebp(webp.body as Buffer)).toBe(true);
    expect(await sharp(webp.body as Buffer).metadata()).toMatchObject({ width: 768, height: 538 });
    // Walls, room names and the title: ink on the page, not a blank or a placeholder.
    expect(await inkShare(webp.body as Buffer)).toBeGreaterThan(0.005);
    // The page's srcset are all served; the PDF was downloaded once.
    for (const candidate of srcSet.split(', ').map((item) => item.split(' ')[0])) expect((await get(candidate)).status).toBe(200);
    expect(host.hitsOf('/upload/77/docs/plan.pdf')).toBe(1);
  });

  it('never serves the PDF itself from the site’s origin', async () => {
    const original = await get(`/property-images/u/${encodePhotoOrigin(planUrl())}/large/plan-pdf.jpg`);
    expect(original.status).toBe(404);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect((original.body as Buffer).subarray(0, 5).toString('latin1')).not.toBe('%PDF-');
  });

  it('a PDF that cannot be drawn: a placeholder page in the same box with a 404, never a 500, and it is not drawn again', async () => {
    const [, broken] = items(await page(LISTING_ID, 'nl'));
    const [, src] = previewOf(broken)!;
    const images = sut.app.get(PropertyImagesController).images;
    const first = await get(src);
    expect([first.status, first.headers['content-type']]).toEqual([404, 'image/jpeg']);
    expect(await sharp(first.body as Buffer).metadata()).toMatchObject({ width: 1024, height: 717 });
    const drawn = images.pagesDrawn;
    for (const format of ['webp', 'avif']) {
      const again = await get(src.replace(/\.jpg$/, `.${format}`));
      expect([again.status, again.headers['content-type']]).toEqual([404, `image/${format}`]);
    }
    // Remembered as undrawable until its bytes change: the other widths and formats do not start pdf.js again.
    expect(images.pagesDrawn).toBe(drawn);
    // The card still links the file.
    expect(broken).toContain(`href="${brokenUrl()}"`);
  });

  it.each(LOCALES)('%s: the demo’s own PDF plan (a file of the site) gets its first page too, drawn from fixtures', async (locale) => {
    const [plan] = items(await page(1001, locale)).filter((item) => item.includes('data-document-type="FLOOR_PLAN"'));
    expect(plan).toContain('href="/assets/demo-documents/floor-plan-house-v1.pdf"');
    const [, src] = previewOf(plan)!;
    expect(src).toBe('/property-images/1042/1024w/floor-plan-house-v1.pdf.jpg');
    expect(plan).toContain(`alt="${ALTS[locale]}"`);
    if (locale !== 'nl') return;
    const webp = await get('/property-images/1042/480w/floor-plan-house-v1.pdf.webp');
    expect([webp.status, webp.headers['content-type']]).toEqual([200, 'image/webp']);
    expect(await inkShare(webp.body as Buffer)).toBeGreaterThan(0.005);
  });

  it('a PDF name is only a demo account’s: no other account’s upstream is asked for one', async () => {
    expect((await get('/property-images/5000/480w/plan.pdf.webp')).status).toBe(404);
    expect((await get('/property-images/1042/480w/missing-v1.pdf.webp')).status).toBe(404);
  });
});
