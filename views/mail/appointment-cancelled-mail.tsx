import type { ReactElement } from 'react';
import { type MailBodyProps, MailButton, MailQuote } from './mail-layout.js';

export interface AppointmentCancelledMailModel {
  /** The visitor gets a confirmation; the agent learns who cancelled which visit. */
  readonly audience: 'visitor' | 'agent';
  readonly listing: { readonly title: string; readonly url: string | null };
  readonly date: string;
  readonly time: string;
  readonly visitor: { readonly name: string; readonly email: string; readonly phone: string | null };
  readonly reason: string | null;
}

/** A visit was cancelled on the site: to the visitor (confirmation) and to the agent. */
export function AppointmentCancelledMail({ t, site, model }: MailBodyProps<AppointmentCancelledMailModel>): ReactElement {
  const args = { title: model.listing.title, date: model.date, time: model.time, name: model.visitor.name };
  return (
    <>
      <h1 style={{ fontSize: '20px', margin: '0 0 16px' }}>{t('flows.mail.cancellation.heading')}</h1>
      <p>{t(model.audience === 'visitor' ? 'flows.mail.cancellation.visitor' : 'flows.mail.cancellation.agent', args)}</p>
      {model.audience === 'agent' && (
        <p>
          {model.visitor.email}
          {model.visitor.phone ? ` · ${model.visitor.phone}` : ''}
        </p>
      )}
      {model.reason && (
        <>
          <h2 style={{ fontSize: '16px', margin: '0 0 8px' }}>{t('flows.mail.cancellation.reason')}</h2>
          <MailQuote text={model.reason} color={site.brandColor} />
        </>
      )}
      {model.listing.url && <MailButton href={model.listing.url} label={t('mail.viewListing')} color={site.brandColor} />}
    </>
  );
}
