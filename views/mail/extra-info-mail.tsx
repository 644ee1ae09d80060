import type { ReactElement } from 'react';
import { type MailBodyProps, MailButton, MailFacts, MailQuote } from './mail-layout.js';

export interface ExtraInfoMailModel {
  readonly listing: { readonly title: string; readonly reference: string; readonly url: string };
  readonly visitor: {
    readonly name: string;
    readonly email: string;
    readonly phone: string | null;
    /** The language the visitor wrote in, as its own name (the agency answers in it). */
    readonly language: string;
    readonly message: string;
  };
}

/** To the agency: a visitor asks about a listing; a reply goes straight to the visitor (Reply-To). */
export function ExtraInfoMail({ t, site, model }: MailBodyProps<ExtraInfoMailModel>): ReactElement {
  const { listing, visitor } = model;
  const rows: Array<[string, string]> = [
    [t('mail.extraInfo.name'), visitor.name],
    [t('mail.extraInfo.email'), visitor.email],
    [t('mail.extraInfo.phone'), visitor.phone ?? '–'],
    [t('mail.extraInfo.language'), visitor.language],
  ];
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
