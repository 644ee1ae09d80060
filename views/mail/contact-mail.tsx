import type { ReactElement } from 'react';
import { type MailBodyProps, MailFacts, MailQuote, type MailVisitor, visitorFacts } from './mail-layout.js';

export interface ContactMailModel {
  /** The listing reference the visitor typed, if any. */
  readonly reference: string | null;
  readonly visitor: MailVisitor;
}

/** To the agency: a message from the contact form; a reply goes straight to the visitor (Reply-To). */
export function ContactMail({ t, site, model }: MailBodyProps<ContactMailModel>): ReactElement {
  const { visitor } = model;
  const rows: Array<[string, string]> = [...visitorFacts(t, visitor), [t('flows.contact.reference'), model.reference ?? '–']];
  return (
    <>
      <h1 style={{ fontSize: '20px', margin: '0 0 16px' }}>{t('flows.mail.contact.heading')}</h1>
      <p>{t('flows.mail.contact.intro', { name: visitor.name })}</p>
      <MailFacts rows={rows} />
      <h2 style={{ fontSize: '16px', margin: '0 0 8px' }}>{t('mail.extraInfo.message')}</h2>
      <MailQuote text={visitor.message} color={site.brandColor} />
      <p style={{ color: '#616e7c' }}>{t('mail.extraInfo.replyHint', { name: visitor.name })}</p>
    </>
  );
}
