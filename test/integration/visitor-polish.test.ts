import request from 'supertest';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { urlFor } from '../../src/routing/routes.js';
import { demoAppointmentPath } from '../support/demo-appointment.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The demo's studio (fixtures/holiday-rental-units.json): a holiday unit without a separate bedroom. */
const STUDIO = 101;

function textOf(html: string): string {
  return html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

describe('visitor polish (issue 18, defect 12)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ FORM_RATE_LIMIT: '50' });
  });

  afterAll(async () => {
    await sut.close();
  });

  describe('a refused holiday booking without JavaScript', () => {
    const refused = () =>
      request(sut.server)
        .post(urlFor('holidayBooking', 'nl', { rentalUnitId: STUDIO }))
        .type('form')
        .send({ arrival: addDays(todayInBelgium(), -2), departure: addDays(todayInBelgium(), 2), guests: '2', name: 'An', email: 'an@example.be', privacyConsent: 'on', 'g-recaptcha-response': '' });

    it('posts to an action whose fragment is the error summary, so the refused page opens at it', async () => {
      const page = await request(sut.server).get(urlFor('holiday', 'nl', { rentalUnitId: STUDIO }));
      expect(page.text).toContain(`action="${urlFor('holidayBooking', 'nl', { rentalUnitId: STUDIO })}#booking-errors"`);
    });

    it('answers the page with an error summary at the form\'s top that links to each field to correct', async () => {
      const response = await refused();
      expect(response.status).toBe(422);
      const form = response.text.slice(response.text.indexOf('<form class="booking-form"'));
      expect(form).toMatch(/^<form[^>]*><div id="booking-errors" class="alert alert--danger error-summary" role="alert" tabindex="-1" data-error-summary="">/);
      expect(form).toMatch(/<a href="#booking-arrival">Aankomst: [^<]+<\/a>/);
    });
  });

  it.each([
    ['nl', 'Studio'],
    ['fr', 'Studio'],
  ] as const)('a studio reads "Studio", not "0 bedrooms", on its card and its page (%s)', async (locale, studio) => {
    const overview = textOf((await request(sut.server).get(urlFor('holidayOverview', locale))).text);
    expect(overview).not.toMatch(/\b0 (slaapkamers|chambres)/);
    const unit = (await request(sut.server).get(urlFor('holiday', locale, { rentalUnitId: STUDIO }))).text;
    expect(unit).not.toMatch(/<dd>0<\/dd>/);
    expect(textOf(unit)).toContain(studio);
  });

  it('the cancel appointment page gives each section a heading', async () => {
    const response = await request(sut.server).get(await demoAppointmentPath(sut.app, 'nl'));
    expect(response.status).toBe(200);
    const sections = [...response.text.matchAll(/<section\b[^>]*>([\s\S]*?)<\/section>/g)];
    expect(sections.length).toBeGreaterThan(0);
    for (const [whole, inner] of sections) expect({ section: whole.slice(0, 120), heading: /<h[1-6]\b/.test(inner!) }).toEqual({ section: whole.slice(0, 120), heading: true });
  });

  it.each([
    ['a listing', async () => /href="(\/nl\/aanbod\/\d+\/[^"]+)"/.exec((await request(sut.server).get('/nl')).text)![1]!],
    ['a holiday unit', async () => urlFor('holiday', 'nl', { rentalUnitId: 102 })],
  ])('the photos of %s have versioned URLs, sent with a year-long immutable Cache-Control', async (_, pagePath) => {
    const html = (await request(sut.server).get(await pagePath())).text;
    // The listing's own photos (the gallery); a sales rep's portrait carries no version its CRM record would change.
    const page = html.slice(html.indexOf('<section class="gallery"'), html.indexOf('</section>', html.indexOf('<section class="gallery"')));
    const photos = [...page.matchAll(/(?:src|href)="(\/property-images\/[^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    expect(photos.length).toBeGreaterThan(1);
    for (const photo of photos) expect(photo).toMatch(/\?v=[\w-]+$/);
    for (const photo of photos.slice(0, 2)) {
      const response = await request(sut.server).get(photo);
      expect({ photo, status: response.status, cacheControl: response.headers['cache-control'] }).toEqual({ photo, status: 200, cacheControl: 'public, max-age=31536000, immutable' });
    }
  });
});
