import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import QRCode from 'qrcode';
import request from 'supertest';
import type { SourceAProperty } from '../../src/estates/sources/source-a/source-a.types.js';
import { LOCALES, type Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { SettingsService } from '../../src/settings/settings.service.js';
import { FIXTURES_DIR } from '../../src/utils/paths.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { standaloneProperties } from '../support/fake-zabun-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The brochure's QR code settings (src/detail/listing-qr.ts): the page must hold exactly the library's code for its URL. */
const QR_OPTIONS = { type: 'svg', errorCorrectionLevel: 'M', margin: 4 } as const;

/** The dark modules' path of a `qrcode` SVG: the code itself, whatever attributes the page adds to the element. */
function modulesOf(svg: string): string {
  const match = /<path stroke="#000000" d="([^"]+)"/.exec(svg);
  if (!match) throw new Error(`no QR modules in ${svg.slice(0, 200)}`);
  return match[1];
}

/**
 * The module grid the SVG path draws (`M<x> <y+0.5>h<n>` runs of dark modules), read back as rows of 0/1, to be
 * compared with the grid `qrcode` computes for a text: the page's code is that text's code.
 */
function gridOf(svg: string): string[] {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
  const rows = Array.from({ length: size }, () => Array<number>(size).fill(0));
  let x = 0;
  let y = 0;
  for (const [, op, a, b] of modulesOf(svg).matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (op === 'M') [x, y] = [Number(a), Number(b) - 0.5];
    else if (op === 'm') [x, y] = [x + Number(a), y + Number(b)];
    else {
      for (let i = 0; i < Number(a); i += 1) rows[y][x + i] = 1;
      x += Number(a);
    }
  }
  return rows.map((row) => row.join(''));
}

function expectedGrid(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: QR_OPTIONS.errorCorrectionLevel });
  const margin = QR_OPTIONS.margin;
  const size = modules.size + 2 * margin;
  return Array.from({ length: size }, (_, y) =>
    Array.from({ length: size }, (_, x) => {
      const [mx, my] = [x - margin, y - margin];
      return mx >= 0 && my >= 0 && mx < modules.size && my < modules.size && modules.get(my, mx) ? '1' : '0';
    }).join(''),
  );
}

describe('brochure and documents (a Zabun record in its real shape, files hosted by the fake CRM)', () => {
  let crm: FakeCrmServer;
  let sut: TestApp;
  let listing: SourceAProperty;
  const toString = jest.spyOn(QRCode, 'toString');

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    const pdf = readFileSync(join(FIXTURES_DIR, 'documents/floor-plan-house-v1.pdf'));
    const png = readFileSync(join(FIXTURES_DIR, 'documents/floor-plan-apartment-v1.png'));
    for (const name of ['plan-ground.pdf', 'brochure.pdf', 'epc.pdf', 'asbestos.pdf']) crm.files.set(name, { contentType: 'application/pdf', body: pdf });
    crm.files.set('plan-first.png', { contentType: 'image/png', body: png });
    const first = standaloneProperties(crm.sourceA.properties).find((property) => property.publish && !property.is_project && property.responsible_salesrep_person_id)!;
    // Zabun's files[]: type_id (1 floor plan, 3 brochure, 29 asbestos, 45 EPC) and url, in the CRM's own order.
    listing = {
      ...first,
      files: [
        { type_id: 45, url: `${crm.url}/files/epc.pdf` },
        { type_id: 3, url: `${crm.url}/files/brochure.pdf` },
        { type_id: 1, url: `${crm.url}/files/plan-first.png`, reference: { nl: 'Verdieping', fr: 'Étage', en: 'First floor' } },
        { type_id: 29, url: `${crm.url}/files/asbestos.pdf` },
        { type_id: 1, url: `${crm.url}/files/plan-ground.pdf`, reference: { nl: 'Gelijkvloers', fr: 'Rez-de-chaussée', en: 'Ground floor' } },
      ],
    };
    crm.sourceA.properties = crm.sourceA.properties.map((property) => (property === first ? listing : property));
    sut = await startTestApp(fakeCrmEnv(crm));
  });

  afterAll(async () => {
    await sut?.close();
    await crm.stop();
  });

  const get = (path: string) => request(sut.server).get(path);
  async function pageOf(locale: Locale): Promise<{ path: string; html: string }> {
    const path = (await get(urlFor('detailShort', locale, { estateId: listing.property_id! }))).headers.location as string;
    const response = await get(path);
    expect(response.status).toBe(200);
    return { path, html: response.text };
  }
  const qrOf = (html: string) => /<svg class="brochure-qr__code"[^>]*>.*?<\/svg>/s.exec(html)?.[0] ?? '';
  const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)![1];

  describe.each([
    ['nl', ['Verdieping', 'Gelijkvloers', 'Brochure', 'EPC-attest', 'Asbestattest'], ['Grondplan · Afbeelding (PNG)', 'Grondplan · PDF', 'PDF', 'PDF', 'PDF']],
    ['fr', ['Étage', 'Rez-de-chaussée', 'Brochure', 'Certificat PEB', 'Attestation amiante'], ['Plan · Image (PNG)', 'Plan · PDF', 'PDF', 'PDF', 'PDF']],
  ] as const)('%s', (locale, labels, metas) => {
    it('lists the floor plans first (in the CRM’s order), then the brochure, then the certificates, named in the page’s language', async () => {
      const { html } = await pageOf(locale);
      const section = /<section class="detail-section documents".*?<\/section>/s.exec(html)![0];
      const items = [...section.matchAll(/<li class="document-list__item" data-document-type="(\w+)".*?<\/li>/gs)];
      expect(items.map((item) => item[1])).toEqual(['FLOOR_PLAN', 'FLOOR_PLAN', 'BROCHURE', 'EPC_CERTIFICATE', 'ASBESTOS_CERTIFICATE']);
      expect(items.map((item) => /document-list__label">([^<]+)</.exec(item[0])![1])).toEqual(labels);
      expect(items.map((item) => /document-list__meta">([^<]+)</.exec(item[0])?.[1] ?? '')).toEqual(metas);
      const links = items.map((item) => /<a class="document-list__link" href="([^"]+)"([^>]*)>/.exec(item[0])!);
      expect(links.map((link) => link[1])).toEqual(['plan-first.png', 'plan-ground.pdf', 'brochure.pdf', 'epc.pdf', 'asbestos.pdf'].map((name) => `${crm.url}/files/${name}`));
      // The CRM's files open where they are (a `download` attribute is ignored on another origin).
      for (const [, , attributes] of links) expect(attributes).toContain('rel="noopener noreferrer"');
      // Paper gets each document's address.
      expect(items.map((item) => /document-list__url print-only">([^<]+)</.exec(item[0])![1])).toEqual(links.map((link) => link[1]));
    });

    it('every listed document is there on the CRM’s host', async () => {
      const { html } = await pageOf(locale);
      const hrefs = [...html.matchAll(/<a class="document-list__link" href="([^"]+)"/g)].map((match) => match[1]);
      expect(hrefs).toHaveLength(5);
      for (const href of hrefs) {
        const response = await fetch(href);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe(href.endsWith('.png') ? 'image/png' : 'application/pdf');
      }
    });

    it('the QR code holds the listing’s canonical URL in this language, and the URL is printed beside it', async () => {
      const { path, html } = await pageOf(locale);
      const canonical = canonicalOf(html);
      expect(canonical).toBe(`http://immo.test${path}`);
      const qr = qrOf(html);
      expect(gridOf(qr)).toEqual(expectedGrid(canonical));
      expect(modulesOf(qr)).toBe(modulesOf(await QRCode.toString(canonical, QR_OPTIONS)));
      // Not the other language's page.
      const other = canonical.replace(`/${locale}/`, locale === 'nl' ? '/fr/' : '/nl/');
      expect(gridOf(qr)).not.toEqual(expectedGrid(other));
      expect(html).toContain(`<span class="brochure-contact__url">${canonical}</span>`);
    });
  });

  /** A feature row's code, label and text, in the page's order, within `html`. */
  const fieldRows = (html: string) => [...html.matchAll(/data-field="([^"]+)"><dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((match) => [match[1], match[2], match[3]]);

  it.each(LOCALES)('%s: the brochure prints the features (year built, heating, garden, garage, availability) and the rooms per floor', async (locale) => {
    const { html } = await pageOf(locale);
    const printed = /<section class="detail-section brochure-features print-only" id="brochure-features".*?<\/section>/s.exec(html)?.[0];
    expect(printed).toBeDefined();
    // After the description, before the rooms per floor and the energy (paper's order).
    const at = (needle: string) => html.indexOf(needle);
    expect(at('id="brochure-features"')).toBeGreaterThan(at('aria-labelledby="description-title"'));
    expect(at('id="brochure-features"')).toBeLessThan(at('id="layout"'));
    expect(at('id="layout"')).toBeLessThan(at('id="energy"'));
    const rows = fieldRows(printed!);
    expect(rows.map(([code]) => code)).toEqual(expect.arrayContaining(['technical.constructionYear', 'comfort.heating', 'comfort.garden', 'layout.garages', 'technical.available']));
    // Each row says exactly what the page's own features say (the garages are a room of a floor there).
    const screen = fieldRows(/<section class="detail-section" aria-labelledby="features-title">.*?<\/dl><\/section><\/section>/s.exec(html)![0]);
    for (const row of rows.filter(([code]) => !code!.startsWith('layout.'))) expect(screen).toContainEqual(row);
    expect(html).toMatch(/<section class="detail-section" id="layout" aria-labelledby="layout-title"><h2 id="layout-title">[^<]+<\/h2><div class="floors"><div class="floor">/);
  });

  it('the QR code is plain SVG markup: no script, no style attribute, nothing the CSP would block', async () => {
    const { html } = await pageOf('nl');
    const qr = qrOf(html);
    expect(qr).toMatch(/^<svg class="brochure-qr__code" aria-hidden="true" focusable="false" xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(qr).not.toMatch(/<script|style=|on\w+=|href=/i);
  });

  it('draws the code once per URL: the page served again, and the page built again for a new version, reuse it', async () => {
    const { path, html } = await pageOf('de');
    const canonical = canonicalOf(html);
    const drawn = () => toString.mock.calls.filter(([text]) => text === canonical).length;
    expect(drawn()).toBe(1);
    const first = await get(path);
    expect(first.text).toContain(qrOf(html));
    const settings = sut.app.get(SettingsService);
    try {
      // A settings change gives every listing a new version: its page is built again, its QR code is not.
      await settings.set('hiddenTabs', ['notary']);
      const again = await get(path);
      expect(again.headers.etag).not.toBe(first.headers.etag);
      expect(qrOf(again.text)).toBe(qrOf(html));
      expect(drawn()).toBe(1);
    } finally {
      await settings.unset('hiddenTabs');
    }
  });

  it('a listing without documents has no documents section, and still its QR code', async () => {
    const other = standaloneProperties(crm.sourceA.properties).find((property) => property.publish && !property.is_project && !property.files?.length)!;
    const path = (await get(urlFor('detailShort', 'nl', { estateId: other.property_id! }))).headers.location as string;
    const html = (await get(path)).text;
    expect(html).not.toContain('document-list');
    expect(gridOf(qrOf(html))).toEqual(expectedGrid(canonicalOf(html)));
  });
});
