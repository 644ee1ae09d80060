import { fileTranslator } from '../../test/support/file-translator.js';
import { TEST_MAIL_SITE as SITE } from '../../test/support/mail-site.js';
import { renderMail } from '../mail/mail-renderer.js';

const MODEL = {
  unit: { name: 'Boshut Durbuy', url: 'https://www.immo.example/nl/vakantie/105' },
  stay: { arrival: '5 maart 2027', departure: '8 maart 2027', nights: 3, guests: 2, total: '€ 452' },
  visitor: { name: 'An <b>', email: 'an@example.be', phone: null, language: 'Frans', message: 'Met de fiets.' },
};

describe('booking request mail', () => {
  it('tells the agency who asks, for which stay and price, in the agency’s language, and that it is not a booking', () => {
    const sut = renderMail('booking-request', { ...MODEL, recipient: 'agency' }, fileTranslator('nl'), SITE);
    expect(sut.subject).toBe('Boekingsaanvraag: Boshut Durbuy vanaf 5 maart 2027');
    const text = sut.text.replace(/\s+/g, ' ');
    expect(text).toContain('An <b> vraagt om Boshut Durbuy te huren.');
    expect(text).toContain('Prijs € 452');
    expect(text).toContain('Taal Frans');
    expect(text).toContain('Met de fiets.');
    expect(text).toContain('Dit is een aanvraag, nog geen bevestigde boeking.');
    expect(sut.html).not.toContain('<b>');
  });

  it('gives the visitor a copy in their language', () => {
    const sut = renderMail('booking-request', { ...MODEL, recipient: 'visitor', visitor: { ...MODEL.visitor, message: '' } }, fileTranslator('de'), SITE);
    expect(sut.subject).toBe('Ihre Buchungsanfrage für Boshut Durbuy');
    expect(sut.text).toContain('Dies ist eine Anfrage, noch keine bestätigte Buchung.');
    expect(sut.text).not.toContain('Sprache');
  });
});
