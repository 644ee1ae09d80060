import type { ReactElement } from 'react';
import { type MailBodyProps, MailButton, MailFacts, MailQuote } from './mail-layout.js';

export interface BookingRequestMailModel {
  /** `agency`: the agency receives the request; `visitor`: the visitor's copy. */
  readonly recipient: 'agency' | 'visitor';
  readonly unit: { readonly name: string; readonly url: string };
  readonly stay: { readonly arrival: string; readonly departure: string; readonly nights: number; readonly guests: number; readonly total: string };
  readonly visitor: { readonly name: string; readonly email: string; readonly phone: string | null; readonly language: string; readonly message: string };
}

/** A booking request, to the agency (reply goes to the visitor) or as the visitor's copy: a request, not a booking. */
export function BookingRequestMail({ t, site, model }: MailBodyProps<BookingRequestMailModel>): ReactElement {
  const { unit, stay, visitor } = model;
  const rows: Array<[string, string]> = [
    [t('holiday.mail.unit'), unit.name],
    [t('holiday.mail.arrival'), stay.arrival],
    [t('holiday.mail.departure'), stay.departure],
    [t('holiday.mail.nights'), String(stay.nights)],
    [t('holiday.mail.guests'), String(stay.guests)],
    [t('holiday.mail.total'), stay.total],
    [t('holiday.mail.name'), visitor.name],
    [t('holiday.mail.email'), visitor.email],
    [t('holiday.mail.phone'), visitor.phone ?? '–'],
    ...(model.recipient === 'agency' ? [[t('holiday.mail.language'), visitor.language] as [string, string]] : []),
  ];
  return (
    <>
      <h1 style={{ fontSize: '20px', margin: '0 0 16px' }}>{t(`holiday.mail.heading.${model.recipient}`)}</h1>
      <p>{t(`holiday.mail.intro.${model.recipient}`, { name: visitor.name, unit: unit.name })}</p>
      <MailFacts rows={rows} />
      {visitor.message && <MailQuote text={visitor.message} color={site.brandColor} />}
      <MailButton href={unit.url} label={t('holiday.mail.viewUnit')} color={site.brandColor} />
      <p style={{ color: '#616e7c' }}>{t('holiday.mail.notConfirmed')}</p>
    </>
  );
}
