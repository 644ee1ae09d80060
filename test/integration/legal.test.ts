import request from 'supertest';
import { DataSource } from 'typeorm';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { LOCALES } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

/** The text of a page without tags, whitespace collapsed. */
function textOf(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]) as Record<string, unknown>);
}

describe('legal identity, privacy statement and terms of use', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({
      AGENCY_LEGAL_NAME: 'Kantoor Test NV',
      AGENCY_COMPANY_NUMBER: '0403.170.701',
      AGENCY_VAT_NUMBER: 'BE0403170701',
      AGENCY_BIV_NUMBER: '998877',
      AGENCY_BIV_TITLE: 'bemiddelaar',
      AGENCY_INSURER: 'AXA Belgium',
      AGENCY_INSURANCE_POLICY: '730.390.160',
      AGENCY_LOCALE: 'fr',
      RETENTION_INQUIRY_DAYS: '365',
      RETENTION_MAIL_DAYS: '45',
      SUBSCRIPTION_CONFIRM_HOURS: '48',
      SUBSCRIPTION_ANONYMIZE_DAYS: '14',
    });
  });

  afterAll(async () => {
    await sut.close();
  });

  it.each(LOCALES)('shows the legal identity in the footer of every page (%s)', async (locale) => {
    for (const path of [urlFor('home', locale), urlFor('terms', locale), urlFor('favorites', locale)]) {
      const response = await request(sut.server).get(path);
      const footer = textOf(/<footer[\s\S]*<\/footer>/.exec(response.text)?.[0] ?? '');
      expect(footer).toContain('Kantoor Test NV');
      expect(footer).toContain('Kouter 1, 9000 Gent');
      expect(footer).toContain('0403.170.701');
      expect(footer).toContain('BE0403170701');
      expect(footer).toContain('998877');
      expect(footer).toContain('BIV/IPI, Luxemburgstraat 16 B, 1000 Brussel');
      expect(response.text).toContain('href="https://www.biv.be/plichtenleer"');
    }
  });

  const IDENTITY = {
    nl: { title: 'vastgoedmakelaar-bemiddelaar, BIV 998877', insurance: 'Verzekeraar beroepsaansprakelijkheid en borgtocht: AXA Belgium, polis 730.390.160', conduct: 'Onderworpen aan de deontologische code van het BIV' },
    fr: { title: 'agent immobilier intermédiaire, IPI 998877', insurance: 'Assureur responsabilité civile professionnelle et cautionnement : AXA Belgium, police n° 730.390.160', conduct: "Soumis au code de déontologie de l'IPI" },
  } as const;

  it.each(['nl', 'fr'] as const)('names the professional title before the BIV number and the insurer with the policy in the footer and the privacy statement (%s)', async (locale) => {
    for (const path of [urlFor('home', locale), urlFor('privacy', locale)]) {
      const html = (await request(sut.server).get(path)).text;
      const footer = textOf(/<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '');
      expect({ path, footer }).toEqual({ path, footer: expect.stringContaining(IDENTITY[locale].title) });
      expect(footer).toContain(IDENTITY[locale].insurance);
      expect(footer).toContain(IDENTITY[locale].conduct);
    }
    const controller = textOf(/<section id="controller"[\s\S]*?<\/section>/.exec((await request(sut.server).get(urlFor('privacy', locale))).text)?.[0] ?? '');
    expect(controller).toContain(IDENTITY[locale].title);
    expect(controller).toContain(IDENTITY[locale].insurance);
  });

  it.each([
    ['nl', 'vastgoedmakelaar-bemiddelaar', 'Verzekeraar beroepsaansprakelijkheid en borgtocht'],
    ['fr', 'agent immobilier intermédiaire', 'Assureur responsabilité civile professionnelle et cautionnement'],
  ] as const)('carries the title as a credential and the insurance as a property in the JSON-LD, in the page\'s language (%s)', async (locale, title, insurance) => {
    const response = await request(sut.server).get(urlFor('home', locale));
    const agent = jsonLdOf(response.text).find((item) => item['@type'] === 'RealEstateAgent');
    expect(agent).toMatchObject({
      hasCredential: [{ '@type': 'EducationalOccupationalCredential', name: title, identifier: '998877' }],
      additionalProperty: { '@type': 'PropertyValue', name: insurance, value: 'AXA Belgium', identifier: '730.390.160' },
    });
  });

  it('ends a mail with the title before the BIV number and the insurer with the policy', async () => {
    const response = await request(sut.server)
      .post(urlFor('ajaxContactForm', 'nl'))
      .type('form')
      .set('HX-Request', 'true')
      .send({ name: 'Identiteit Test', email: 'identity@example.be', message: 'Wie bent u?', privacyConsent: 'on' });
    expect(response.status).toBe(200);
    const mails = sut.app.get(DataSource).getRepository(MailEntity);
    await until('contact mail queued', async () => (await mails.countBy({ replyTo: 'identity@example.be' })) > 0, Boolean, { timeoutMs: 10_000 });
    const mail = await mails.findOneByOrFail({ replyTo: 'identity@example.be' });
    expect(mail.locale).toBe('fr');
    const footer = textOf(/<footer[\s\S]*<\/footer>/.exec(mail.html)?.[0] ?? '');
    expect(footer).toContain(IDENTITY.fr.title);
    expect(footer).toContain(IDENTITY.fr.insurance);
    expect(mail.text.replace(/\s+/g, ' ')).toContain(IDENTITY.fr.insurance);
  });

  it('describes the site as a RealEstateAgent in JSON-LD with its legal identity', async () => {
    const response = await request(sut.server).get(urlFor('home', 'nl'));
    const agent = jsonLdOf(response.text).find((item) => item['@type'] === 'RealEstateAgent');
    expect(agent).toMatchObject({ legalName: 'Kantoor Test NV', vatID: 'BE0403170701', taxID: '0403.170.701', url: 'http://immo.test/' });
  });

  it.each(LOCALES)('privacy statement in %s: headings, table of contents, identity, configured retention, cookie settings link', async (locale) => {
    const response = await request(sut.server).get(urlFor('privacy', locale));
    expect(response.status).toBe(200);
    const html = response.text;
    const sections = [...html.matchAll(/<section id="(\w+)"/g)].map((match) => match[1]);
    expect(sections).toEqual(['controller', 'collected', 'purposes', 'retention', 'processors', 'cookies', 'rights', 'authority']);
    for (const id of sections) expect(html).toContain(`href="#${id}"`);
    const article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
    expect((article.match(/<h2 /g) ?? []).length).toBe(sections.length + 1);
    const text = textOf(html);
    expect(text).toContain('Kantoor Test NV');
    expect(text).toMatch(/\b365\b/);
    expect(text).toMatch(/\b45\b/);
    expect(text).toMatch(/\b48\b/);
    expect(text).toMatch(/\b14\b/);
    expect(text).toContain('immo_consent');
    expect(text).toContain('favorites');
    expect(text).toContain('www.google.com');
    expect(text).toContain('tile.openstreetmap.org');
    expect(text).toContain('apd-gba.be');
    expect(html).toContain(`href="${urlFor('cookieConsent', locale)}"`);
    expect(text).not.toMatch(/legal\.\w+\.|\{\w+\}/);
  });

  it('writes each privacy statement in its own language', async () => {
    const headings = await Promise.all(
      LOCALES.map(async (locale) => /<h2 id="rights-heading">([^<]+)</.exec((await request(sut.server).get(urlFor('privacy', locale))).text)?.[1]),
    );
    expect(new Set(headings).size).toBe(4);
  });

  it.each(LOCALES)('terms of use in %s: use, listings are not offers, liability, intellectual property, applicable law', async (locale) => {
    const response = await request(sut.server).get(urlFor('terms', locale));
    expect(response.status).toBe(200);
    const sections = [...response.text.matchAll(/<section id="(\w+)"/g)].map((match) => match[1]);
    expect(sections).toEqual(['use', 'listings', 'liability', 'ip', 'law']);
    expect(textOf(response.text)).not.toMatch(/legal\.\w+\.|\{\w+\}/);
  });

  it('answers a repeated request for a legal page with 304 before rendering', async () => {
    const first = await request(sut.server).get(urlFor('privacy', 'fr'));
    const again = await request(sut.server).get(urlFor('privacy', 'fr')).set('If-None-Match', String(first.headers.etag));
    expect(again.status).toBe(304);
  });
});
