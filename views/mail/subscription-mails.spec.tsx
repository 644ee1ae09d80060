import { renderToStaticMarkup } from 'react-dom/server';
import type { MailSite } from './mail-layout.js';
import { DigestMail, type DigestMailModel, SubscriptionConfirmMail } from './subscription-mails.js';

const t = (key: string, args?: Readonly<Record<string, string | number>>) => (args ? `${key}${JSON.stringify(args)}` : key);
const site: MailSite = { name: 'Immo', logoUrl: 'https://immo.test/logo.svg', brandColor: '#0b5a6b', siteUrl: 'https://immo.test/', email: 'info@immo.test', phone: '+32',
  legal: {
    legalName: 'Immo BV', street: 'Kouter 1', postalCode: '9000', city: 'Gent', country: 'BE', companyNumber: '0123.456.749', vatNumber: 'BE0123456749',
    bivNumber: '512345', bivTitles: ['bemiddelaar'], accreditationCountry: 'BE', supervisoryAuthority: 'BIV', supervisoryAuthorityUrl: 'https://www.biv.be',
    codeOfConductUrl: 'https://www.biv.be/plichtenleer', insurer: 'AXA Belgium', insurancePolicy: '730.390.160',
  },
};
const links = { confirm: 'https://immo.test/nl/c/T', edit: 'https://immo.test/nl/e/T', unsubscribe: 'https://immo.test/nl/u/T' };

const digest: DigestMailModel = {
  name: 'An',
  intro: 'intro',
  summary: ['Kopen'],
  links,
  cards: [
    { title: 'Villa', url: 'https://immo.test/nl/aanbod/1/villa', imageUrl: 'https://immo.test/property-images/1/768w/a.jpg.jpg', price: '€ 1', address: 'Gent', facts: ['3 slaapkamers', '120 m²'], sticker: 'Nieuw', change: 'Nieuw' },
    { title: 'Flat', url: 'https://immo.test/nl/aanbod/2/flat', imageUrl: null, price: '€ 2', address: 'Brugge', facts: [], sticker: 'Exclusief', change: 'Prijsdaling' },
  ],
};

describe(DigestMail.name, () => {
  const html = renderToStaticMarkup(DigestMail({ t, site, model: digest }));

  it('shows each listing as a card in tables with inline styles, linking to the listing', () => {
    expect(html.match(/<table role="presentation"/g)).toHaveLength(2);
    expect(html).toContain('href="https://immo.test/nl/aanbod/1/villa"');
    expect(html).toContain('3 slaapkamers · 120 m²');
    expect(html).not.toContain('class="estate-card');
  });

  it('does not repeat a sticker that says what the change line says', () => {
    expect(html).not.toContain('Nieuw · Nieuw');
    expect(html).toContain('Prijsdaling · Exclusief');
  });

  it('ends with the edit and unsubscribe links', () => {
    expect(html).toContain(`href="${links.edit}"`);
    expect(html).toContain(`href="${links.unsubscribe}"`);
  });
});

describe(SubscriptionConfirmMail.name, () => {
  it('asks to confirm with the confirm link and says how long it works', () => {
    const html = renderToStaticMarkup(SubscriptionConfirmMail({ t, site, model: { name: 'An', summary: ['Kopen'], links, again: false, confirmHours: 72 } }));
    expect(html).toContain(`href="${links.confirm}"`);
    expect(html).toContain('subscriptions.mail.confirm.expires{&quot;hours&quot;:72}');
    expect(html).toContain('subscriptions.mail.confirm.intro');
  });
});
