import type { ReactElement } from 'react';
import { type MailBodyProps, MailButton, MailFacts, MailQuote, type MailVisitor, visitorFacts } from './mail-layout.js';

export interface ViewingRequestMailModel {
  /** `agency`: the request to follow up (Reply-To is the visitor); `visitor`: the confirmation of receipt. */
  readonly recipient: 'agency' | 'visitor';
  readonly listing: { readonly title: string; readonly reference: string; readonly address: string; readonly url: string };
  /** The preferred half-days in words, in the recipient's language, in calendar order (the form asks for no ranking). */
  readonly slots: readonly string[];
  /** The visitor; the copy to the visitor carries no free text of theirs (it goes to an address they typed). */
  readonly visitor: MailVisitor;
}

/** Subject of either mail (mail-templates.ts). */
export function viewingRequestSubject(t: MailBodyProps<unknown>['t'], model: ViewingRequestMailModel): string {
  return t(`viewings.mail.${model.recipient}.subject`, { title: model.listing.title, name: model.visitor.name });
}

/**
 * A viewing request: to the agency, with the listing, the visitor and the preferred half-days; or the visitor's
 * confirmation that the agency received it and will confirm an appointment (nothing is booked yet).
 */
export function ViewingRequestMail({ t, site, model }: MailBodyProps<ViewingRequestMailModel>): ReactElement {
  const { listing, visitor, recipient } = model;
  const listingRows: Array<[string, string]> = [
    [t('viewings.mail.listing'), listing.title],
    [t('viewings.mail.reference'), listing.reference],
    [t('viewings.mail.address'), listing.address],
  ];
  return (
    <>
      <h1 style={{ fontSize: '20px', margin: '0 0 16px' }}>{t(`viewings.mail.${recipient}.heading`)}</h1>
      <p>{t(`viewings.mail.${recipient}.intro`, { name: visitor.name, title: listing.title })}</p>
      <MailFacts rows={listingRows} />
      <h2 style={{ fontSize: '16px', margin: '0 0 8px' }}>{t(`viewings.mail.${recipient}.slots`)}</h2>
      <ol style={{ margin: '0 0 16px', paddingLeft: '20px' }}>
        {model.slots.map((slot) => (
          <li key={slot}>{slot}</li>
        ))}
      </ol>
      {recipient === 'agency' ? (
        <>
          <MailFacts rows={visitorFacts(t, visitor)} />
          {visitor.message && (
            <>
              <h2 style={{ fontSize: '16px', margin: '0 0 8px' }}>{t('viewings.mail.agency.message')}</h2>
              <MailQuote text={visitor.message} color={site.brandColor} />
            </>
          )}
          <MailButton href={listing.url} label={t('mail.viewListing')} color={site.brandColor} />
          <p style={{ color: '#616e7c' }}>{t('viewings.mail.agency.replyHint', { name: visitor.name })}</p>
        </>
      ) : (
        <>
          <p>
            <strong>{t('viewings.mail.visitor.notBooked')}</strong>
          </p>
          <MailButton href={listing.url} label={t('mail.viewListing')} color={site.brandColor} />
          <p style={{ color: '#616e7c' }}>{t('viewings.mail.visitor.questions', { site: site.name })}</p>
        </>
      )}
    </>
  );
}
