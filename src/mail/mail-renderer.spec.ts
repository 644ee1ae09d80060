import { fileTranslator } from '../../test/support/file-translator.js';
import { TEST_MAIL_SITE as SITE } from '../../test/support/mail-site.js';
import { loadConfig } from '../config/config.js';
import { legalIdentity } from '../config/legal-identity.js';
import { renderMail } from './mail-renderer.js';

const EXTRA_INFO = {
  listing: { title: 'Villa in Gent', reference: 'A-1001', url: 'https://www.immo.example/nl/aanbod/1001/villa' },
  visitor: { name: 'Jan <script>', email: 'jan@example.be', phone: null, language: 'Frans', message: 'Is een bezoek\nzaterdag mogelijk?' },
};

describe(renderMail.name, () => {
  it('writes the subject, HTML and text in the recipient’s language', () => {
    const sut = renderMail('extra-info', EXTRA_INFO, fileTranslator('de'), SITE);
    expect(sut.subject).toBe('Informationsanfrage: Villa in Gent (A-1001)');
    expect(sut.html).toMatch(/^<!DOCTYPE html><html lang="de">/);
    expect(sut.text).toContain('Neue Informationsanfrage');
    expect(sut.text).toContain('Sprache');
  });

  it('frames every mail in the layout: logo, agency name, footer with its contact details', () => {
    const sut = renderMail('send-to-friend', { listing: EXTRA_INFO.listing, senderName: 'Marie', friendName: 'Luc', message: '' }, fileTranslator('fr'), SITE);
    expect(sut.html).toContain('src="https://www.immo.example/assets/logo.png"');
    expect(sut.html).toContain('Immo Vastgoed</a>');
    expect(sut.text).toContain('Cet e-mail a été envoyé par Immo Vastgoed via www.immo.example.');
    expect(sut.text).toContain('Immo Vastgoed · info@immo.example · +32 9 123 45 67');
  });

  it('prints the agency’s legal identity under every mail: legal name, address, company, VAT and BIV numbers, supervisor', () => {
    const sut = renderMail('extra-info', EXTRA_INFO, fileTranslator('fr'), SITE);
    const text = sut.text.replace(/\s+/g, ' ');
    expect(text).toContain('Immo Vastgoed BV · Kouter 1, 9000 Gent · BCE 0123.456.749');
    expect(text).toContain('TVA BE0123456749 · agent immobilier intermédiaire, IPI 512345 (agréé en Belgique) · Autorité de contrôle : BIV/IPI');
  });

  it.each([
    ['nl', 'vastgoedmakelaar-bemiddelaar en vastgoedmakelaar-syndicus, BIV 512345', 'Verzekeraar beroepsaansprakelijkheid en borgtocht: AXA Belgium, polis 730.390.160'],
    ['fr', 'agent immobilier intermédiaire et agent immobilier syndic, IPI 512345', 'Assureur responsabilité civile professionnelle et cautionnement : AXA Belgium, police n° 730.390.160'],
  ] as const)('in %s ends every mail with the professional title before the BIV number and the insurer with the policy', (locale, title, insurance) => {
    const legal = legalIdentity(loadConfig({ AGENCY_BIV_TITLE: 'bemiddelaar,syndicus', AGENCY_INSURER: 'AXA Belgium', AGENCY_INSURANCE_POLICY: '730.390.160' }));
    const sut = renderMail('extra-info', EXTRA_INFO, fileTranslator(locale), { ...SITE, legal });
    const footer = /<footer[\s\S]*<\/footer>/.exec(sut.html)?.[0] ?? '';
    expect(footer).toContain(title);
    expect(footer).toContain(insurance);
    expect(sut.text.replace(/\s+/g, ' ')).toContain(insurance);
  });

  it('keeps the link’s address in the plain text, and leaves the logo out of it', () => {
    const sut = renderMail('extra-info', EXTRA_INFO, fileTranslator('nl'), SITE);
    expect(sut.text).toContain('Bekijk het pand [https://www.immo.example/nl/aanbod/1001/villa]');
    expect(sut.text).not.toContain('logo.png');
  });

  it('shows what a visitor typed as text, never as markup', () => {
    const sut = renderMail('extra-info', EXTRA_INFO, fileTranslator('nl'), SITE);
    expect(sut.html).toContain('Jan &lt;script&gt;');
    expect(sut.html).not.toContain('<script>');
    expect(sut.text).toContain('Is een bezoek\nzaterdag mogelijk?');
  });

  it('leaves out the sender’s message block when there is none', () => {
    const t = fileTranslator('en');
    const without = renderMail('send-to-friend', { listing: EXTRA_INFO.listing, senderName: 'Marie', friendName: 'Luc', message: '' }, t, SITE);
    const withMessage = renderMail('send-to-friend', { listing: EXTRA_INFO.listing, senderName: 'Marie', friendName: 'Luc', message: 'Look!' }, t, SITE);
    expect(without.text).not.toContain('Marie, a visitor of our website, added this message');
    expect(withMessage.text).toContain('Marie, a visitor of our website, added this message');
    expect(withMessage.text).toContain('Look!');
  });

  it('says a friend mail’s message was written by a visitor, not by the agency (no relay in the agency’s name)', () => {
    const sut = renderMail('send-to-friend', { listing: EXTRA_INFO.listing, senderName: 'Marie', friendName: 'Luc', message: 'Look!' }, fileTranslator('en'), SITE);
    const text = sut.text.replace(/\s+/g, ' ');
    expect(text).toContain('it does not come from us and we have not checked it');
    expect(text).toContain('The message above was written by that visitor, not by Immo Vastgoed.');
  });
});
