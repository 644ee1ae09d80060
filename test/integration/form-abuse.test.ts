import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { encodeFavorites, FAVORITES_COOKIE } from '../../src/favorites/favorites-cookie.js';
import { InquiryEntity } from '../../src/inquiries/inquiry.entity.js';
import { addDays, todayInBelgium } from '../../src/holiday/domain/stay.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PERSON = { name: 'Jan Peeters', email: 'jan@example.be', phone: '+32 470 12 34 56', message: 'Is een bezoek mogelijk?', privacyConsent: 'on' };
const FRIEND = { name: 'Jan', email: 'jan@example.be', friendName: 'Luc', message: 'Kijk eens' };
const SUBSCRIBE = { transaction: 'buy', headTypes: 'HOUSE', locations: 'Gent, 9000', name: 'An', language: 'nl', frequency: 'daily', privacyConsent: 'on' };
const DEMO_UNIT = 103;
const day = (offset: number) => addDays(todayInBelgium(), offset);

const NO_LINK_IN_NAME: Record<Locale, string> = {
  nl: 'Vul hier alleen een naam in, zonder links of webadressen.',
  fr: 'Indiquez seulement un nom, sans liens ni adresses web.',
  en: 'Please enter just a name, without links or web addresses.',
  de: 'Bitte geben Sie nur einen Namen ein, ohne Links oder Webadressen.',
};
const INVALID_ADDRESS: Record<Locale, RegExp> = {
  nl: /Vul een geldig e-mailadres in/,
  fr: /Veuillez saisir une adresse e-mail valide/,
  en: /Please enter a valid email address/,
  de: /Bitte geben Sie eine gültige E-Mail-Adresse ein/,
};

/** Send-to-a-friend, keep-me-informed and the favourites mail cannot be turned on a stranger's mailbox. */
describe('forms that mail an address the visitor types', () => {
  let sut: TestApp;
  let estateId: number;

  beforeAll(async () => {
    sut = await startTestApp({ FORM_RATE_LIMIT: '500', SEND_TO_FRIEND_PER_RECIPIENT_PER_DAY: '2', SEND_TO_FRIEND_PER_HOUR: '500' });
    const listing = await sut.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' } });
    estateId = listing!.id;
  });

  afterAll(() => sut.close());

  const db = () => sut.app.get(DataSource);
  const post = (url: string, fields: Record<string, string>, cookie?: string) => {
    const call = request(sut.server).post(url).set('HX-Request', 'true').type('form');
    return (cookie ? call.set('Cookie', cookie) : call).send(fields);
  };
  const favourites = () => `${FAVORITES_COOKIE}=${encodeFavorites([estateId], sut.config.COOKIE_SECRET)}`;

  describe('plus-addresses count as their mailbox', () => {
    it('send to a friend: victim+n@ shares victim@’s daily limit', async () => {
      const send = (friendEmail: string) => post(urlFor('ajaxSendToFriend', 'nl'), { estateId: String(estateId), ...FRIEND, friendEmail });
      expect((await send('victim@example.be')).status).toBe(200);
      expect((await send('victim+1@example.be')).status).toBe(200);
      const third = await send('Victim+2@Example.be');
      expect(third.status).toBe(429);
      expect(await db().getRepository(InquiryEntity).countBy({ friendEmail: 'victim+2@example.be' })).toBe(0);
    });

    it('send to a friend: dots do not make a new Gmail mailbox', async () => {
      const send = (friendEmail: string) => post(urlFor('ajaxSendToFriend', 'nl'), { estateId: String(estateId), ...FRIEND, friendEmail });
      expect((await send('victim.x@gmail.com')).status).toBe(200);
      expect((await send('v.i.c.t.i.m.x@gmail.com')).status).toBe(200);
      expect((await send('victimx+3@googlemail.com')).status).toBe(429);
    });

    it('mail my favourites: the same limit per mailbox', async () => {
      const send = (email: string) => post(urlFor('favoritesMail', 'nl'), { email, privacyConsent: 'on' }, favourites());
      expect((await send('fan@example.be')).status).toBe(200);
      expect((await send('fan+1@example.be')).status).toBe(200);
      expect((await send('fan+2@example.be')).status).toBe(429);
    });

    it('keep me informed: at most five confirmation mails a day per mailbox, whatever the tag', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await post(urlFor('ajaxNotifications', 'nl'), { ...SUBSCRIBE, email: `sub+${i}@example.be`, priceMax: String(100000 + i) })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe.each(['nl', 'fr', 'en', 'de'] as const)('in %s', (locale) => {
    it.each([
      ['name', 'Visit www.cheap-pills.com now'],
      ['friendName', 'Visit www.cheap-pills.com now'],
      ['name', 'cheap-pills[.]com'],
      ['friendName', 'hxxp://cheap-pills.example'],
    ])('refuses a link in %s ("%s"), which would go into the subject and greeting, mailing nothing', async (field, value) => {
      const friendEmail = `links-${locale}-${field}@example.be`;
      const response = await post(urlFor('ajaxSendToFriend', locale), { estateId: String(estateId), ...FRIEND, friendEmail, [field]: value });
      expect(response.status).toBe(422);
      expect(response.text).toContain(NO_LINK_IN_NAME[locale]);
      expect(await db().getRepository(MailEntity).countBy({ to: friendEmail })).toBe(0);
    });

    it('refuses a link in the name of keep-me-informed', async () => {
      const response = await post(urlFor('ajaxNotifications', locale), { ...SUBSCRIBE, language: locale, name: 'www.cheap-pills.com', email: `sub-link-${locale}@example.be` });
      expect(response.status).toBe(422);
      expect(response.text).toContain(NO_LINK_IN_NAME[locale]);
    });
  });

  describe.each(['"a b"@evil.example', 'jan@[127.0.0.1]', 'jan@localhost', 'jan..peeters@example.be'])('an address mail cannot reach: %s', (address) => {
    it.each(['nl', 'fr', 'en', 'de'] as const)('is refused with a localized 422 by every form (%s), storing nothing', async (locale) => {
      const forms: Array<[string, string, Record<string, string>, string?]> = [
        ['contact', urlFor('ajaxContactForm', locale), { ...PERSON, email: address }],
        ['send to a friend (recipient)', urlFor('ajaxSendToFriend', locale), { estateId: String(estateId), ...FRIEND, friendEmail: address }],
        ['send to a friend (sender)', urlFor('ajaxSendToFriend', locale), { estateId: String(estateId), ...FRIEND, email: address, friendEmail: 'ok@example.be' }],
        ['keep me informed', urlFor('ajaxNotifications', locale), { ...SUBSCRIBE, language: locale, email: address }],
        ['holiday booking', urlFor('holidayBooking', locale, { rentalUnitId: DEMO_UNIT }), { ...PERSON, email: address, arrival: day(100), departure: day(107), guests: '2' }],
        ['mail my favourites', urlFor('favoritesMail', locale), { email: address, privacyConsent: 'on' }, favourites()],
      ];
      for (const [name, url, fields, cookie] of forms) {
        const response = await post(url, fields, cookie);
        expect([name, response.status]).toEqual([name, 422]);
        expect([name, INVALID_ADDRESS[locale].test(response.text)]).toEqual([name, true]);
      }
      expect(await db().getRepository(MailEntity).countBy({ to: address })).toBe(0);
    });
  });
});
