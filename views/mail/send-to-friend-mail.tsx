import type { ReactElement } from 'react';
import { type MailBodyProps, MailButton, MailQuote } from './mail-layout.js';

export interface SendToFriendMailModel {
  readonly listing: { readonly title: string; readonly url: string };
  readonly senderName: string;
  readonly friendName: string;
  /** The sender's own words; empty when they wrote none. */
  readonly message: string;
}

/** To a visitor's friend: a listing the visitor thinks they may like. */
export function SendToFriendMail({ t, site, model }: MailBodyProps<SendToFriendMailModel>): ReactElement {
  const { listing, senderName, friendName, message } = model;
  return (
    <>
      <p>{t('mail.sendToFriend.greeting', { friendName })}</p>
      <p>{t('mail.sendToFriend.intro', { name: senderName })}</p>
      <h1 style={{ fontSize: '20px', margin: '0 0 16px' }}>{listing.title}</h1>
      {message ? (
        <>
          <p>{t('mail.sendToFriend.message', { name: senderName })}</p>
          <MailQuote text={message} color={site.brandColor} />
        </>
      ) : null}
      <MailButton href={listing.url} label={t('mail.viewListing')} color={site.brandColor} />
      <p style={{ color: '#616e7c' }}>{t('mail.sendToFriend.notice', { name: senderName, agency: site.name })}</p>
    </>
  );
}
