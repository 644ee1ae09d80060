import type { ReactElement } from 'react';
import { type MailBodyProps, MailButton, MailFacts } from './mail-layout.js';

export interface AppointmentConfirmationMailModel {
  readonly visitorName: string;
  readonly listing: { readonly title: string; readonly url: string | null };
  /** In Brussels time, in the visitor's language. */
  readonly date: string;
  readonly time: string;
  /** The agent who receives the visitor; the agency's contact details are in every mail's footer. */
  readonly agent: { readonly name: string; readonly email: string | null };
  readonly cancelUrl: string;
}

/** To the visitor, once, when a planned visit arrives from the CRM: when, where, whom to ask, and how to cancel. */
export function AppointmentConfirmationMail({ t, site, model }: MailBodyProps<AppointmentConfirmationMailModel>): ReactElement {
  const args = { title: model.listing.title, date: model.date, time: model.time };
  return (
    <>
      <h1 style={{ fontSize: '20px', margin: '0 0 16px' }}>{t('flows.mail.appointment.heading')}</h1>
      <p>{t('flows.mail.appointment.greeting', { name: model.visitorName })}</p>
      <p>{t('flows.mail.appointment.intro', args)}</p>
      <MailFacts
        rows={[
          [t('flows.mail.appointment.when'), `${model.date}, ${model.time}`],
          [t('flows.mail.appointment.where'), model.listing.title],
          [t('flows.mail.appointment.contact'), [model.agent.name, model.agent.email].filter(Boolean).join(' · ')],
        ]}
      />
      {model.listing.url && (
        <p>
          <a href={model.listing.url} style={{ color: site.brandColor }}>
            {t('mail.viewListing')}
          </a>
        </p>
      )}
      <p>{t('flows.mail.appointment.calendar')}</p>
      <p>{t('flows.mail.appointment.cancelIntro')}</p>
      <MailButton href={model.cancelUrl} label={t('flows.mail.appointment.cancel')} color={site.brandColor} />
      <p>{t('flows.mail.appointment.questions', { phone: site.phone })}</p>
    </>
  );
}
