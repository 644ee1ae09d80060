import { convert } from 'html-to-text';
import { renderToStaticMarkup } from 'react-dom/server';
import { MailLayout, type MailSite } from '../../views/mail/mail-layout.js';
import { addressLine, insuranceLine, professionalTitleLine } from '../config/legal-identity.js';
import type { Translator } from '../i18n/translator.js';
import { MAIL_TEMPLATES, type MailModels, type MailTemplateName } from './mail-templates.js';

export interface RenderedMail {
  readonly subject: string;
  readonly html: string;
  readonly text: string;
}

/** The plain-text part: links keep their address, the logo and layout go. */
const TEXT_OPTIONS = {
  wordwrap: 78,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

/** Renders a mail component in the recipient's language inside the shared layout: subject, HTML and plain text. */
export function renderMail<K extends MailTemplateName>(template: K, model: MailModels[K], t: Translator, site: MailSite): RenderedMail {
  const definition = MAIL_TEMPLATES[template];
  const subject = definition.subject(t.t, model);
  const footer = [
    t.t('mail.footer.sentBy', { agency: site.name, site: new URL(site.siteUrl).host }),
    [site.name, site.email, site.phone].join(' · '),
    [site.legal.legalName, addressLine(site.legal), t.t('legal.identity.companyNumber', { number: site.legal.companyNumber })].join(' · '),
    [
      t.t('legal.identity.vatNumber', { number: site.legal.vatNumber }),
      professionalTitleLine(site.legal, t.t, t.locale),
      `${t.t('legal.identity.supervisorLabel')} ${site.legal.supervisoryAuthority}`,
    ].join(' · '),
    insuranceLine(site.legal, t.t),
  ];
  const html = `<!DOCTYPE html>${renderToStaticMarkup(
    MailLayout({ lang: t.locale, subject, site, footer, children: definition.body({ t: t.t, site, model }) }),
  )}`;
  return { subject, html, text: convert(html, TEXT_OPTIONS) };
}
