import { renderToStaticMarkup } from 'react-dom/server';
import type { InquiryFormProps } from '../../fragments/inquiry-forms.js';
import { renderWithSections, type SectionStore, spliceSections } from '../../cached-sections.js';
import type { DetailPageModel } from '../estate-detail-page.js';
import { InquiryModals } from './inquiry-modals.js';

const texts: InquiryFormProps['texts'] = {
  name: 'Naam',
  email: 'E-mail',
  phone: 'Telefoon',
  message: 'Bericht',
  friendName: 'Naam vriend',
  friendEmail: 'E-mail vriend',
  privacyConsent: 'Ik ga akkoord',
  privacyLink: 'privacyverklaring',
  privacyError: 'Vink dit aan',
  submit: 'Verzenden',
  required: 'verplicht',
  validation: { required: 'Verplicht', email: 'Ongeldig', tooLong: 'Te lang', pattern: 'Patroon', checkbox: 'Aanvinken' },
};

const form = (extra: Partial<InquiryFormProps> = {}): InquiryFormProps => ({
  kind: 'extra-info',
  action: '/nl/ajax/contact',
  estateId: 1001,
  privacyUrl: '/nl/privacy',
  texts,
  botCheck: { siteKey: 'key', scriptUrl: 'https://bot.example/api.js?render=key' },
  ...extra,
});

const forms = (extraInfo: InquiryFormProps, open: DetailPageModel['forms']['open'] = null): DetailPageModel['forms'] => ({ extraInfo, sendToFriend: null, sent: null, open });

function storeInMap(): SectionStore {
  const entries = new Map<string, Buffer | null>();
  return { get: (key) => entries.get(key), set: (key, html) => (entries.set(key, html === null ? null : Buffer.from(html)), html === null ? null : Buffer.from(html)) };
}

function render(store: SectionStore, model: DetailPageModel['forms']): string {
  const { html, sections } = renderWithSections(store, 'v1\u0000nl', () => renderToStaticMarkup(<html><head /><body><InquiryModals forms={model} t={(key) => key} /></body></html>));
  return spliceSections(html, sections, (text) => Buffer.from(text)).toString();
}

describe('InquiryModals with kept sections', () => {
  it('keeps the plain form, and renders a refused form with what its visitor typed for that visitor alone', () => {
    const store = storeInMap();
    const plain = render(store, forms(form()));
    expect(plain).toBe(renderToStaticMarkup(<html><head /><body><InquiryModals forms={forms(form())} t={(key) => key} /></body></html>));
    const refused = form({ fields: { name: { value: 'Bezoeker Zeta' }, email: { value: 'x', error: 'Ongeldig e-mailadres' } }, errorSummary: 'Verbeter de velden' });
    const page = render(store, forms(refused, 'extra-info'));
    expect(page).toContain('value="Bezoeker Zeta"');
    expect(page).toContain('Ongeldig e-mailadres');
    expect(render(store, forms(form()))).toBe(plain);
  });
});
