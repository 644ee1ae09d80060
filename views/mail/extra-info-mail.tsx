import type { ReactElement } from 'react';
import { type MailBodyProps, MailButton, MailFacts, MailQuote, type MailVisitor, visitorFacts } from './mail-layout.js';

export interface ExtraInfoMailModel {
  readonly listing: { readonly title: string; readonly reference: string; readonly url: string };
  readonly visitor: MailVisitor;
}

/** To the agency: a visitor asks about a listing; a reply goes straight to the visitor (Reply-To). */
export function ExtraInfoMail({ t, site, model }: MailBodyProps<ExtraInfoMailModel>): ReactElement {
  const { listing, visitor } = model;
  const rows = visitorFacts(t, visitor);
  return (
    <>
      <h1 style={{ fontSize: '20px', margin: '0 0 16px' }}>{t('mail.extraInfo.heading')}</h1>
      <p>{t('mail.extraInfo.intro', { name: visitor.name, title: listing.title, reference: listing.reference })}</p>
      <MailFacts rows={rows} />
      <h2 style={{ fontSize: '16px', margin: '0 0 8px' }}>{t('mail.extraInfo.message')}</h2>
      <MailQuote text={visitor.message} color={site.brandColor} />
      <MailButton href={listing.url} label={t('mail.viewListing')} color={site.brandColor} />
      <p style={{ color: '#616e7c' }}>{t('mail.extraInfo.replyHint', { name: visitor.name })}</p>
    </>
  );
}
