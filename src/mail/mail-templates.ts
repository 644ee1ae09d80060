import type { ReactElement } from 'react';
import { AppointmentCancelledMail, type AppointmentCancelledMailModel } from '../../views/mail/appointment-cancelled-mail.js';
import { AppointmentConfirmationMail, type AppointmentConfirmationMailModel } from '../../views/mail/appointment-confirmation-mail.js';
import { ContactMail, type ContactMailModel } from '../../views/mail/contact-mail.js';
import { BookingRequestMail, type BookingRequestMailModel } from '../../views/mail/booking-request-mail.js';
import { ExtraInfoMail, type ExtraInfoMailModel } from '../../views/mail/extra-info-mail.js';
import { FavoritesMail, type FavoritesMailModel } from '../../views/mail/favorites-mail.js';
import type { MailBodyProps } from '../../views/mail/mail-layout.js';
import { SendToFriendMail, type SendToFriendMailModel } from '../../views/mail/send-to-friend-mail.js';
import { ViewingRequestMail, type ViewingRequestMailModel, viewingRequestSubject } from '../../views/mail/viewing-request-mails.js';
import {
  DigestMail,
  type DigestMailModel,
  SubscriptionConfirmMail,
  type SubscriptionConfirmMailModel,
  SubscriptionUpdatedMail,
  type SubscriptionUpdatedMailModel,
} from '../../views/mail/subscription-mails.js';

/** Every mail the site sends, by template name, with the model its component takes. */
export interface MailModels {
  'extra-info': ExtraInfoMailModel;
  'send-to-friend': SendToFriendMailModel;
  contact: ContactMailModel;
  'appointment-cancelled': AppointmentCancelledMailModel;
  'appointment-confirmation': AppointmentConfirmationMailModel;
  favorites: FavoritesMailModel;
  'subscription-confirm': SubscriptionConfirmMailModel;
  'subscription-updated': SubscriptionUpdatedMailModel;
  'subscription-digest': DigestMailModel;
  'booking-request': BookingRequestMailModel;
  'viewing-request': ViewingRequestMailModel;
}

export type MailTemplateName = keyof MailModels;

interface MailTemplate<M> {
  subject(t: MailBodyProps<M>['t'], model: M): string;
  body(props: MailBodyProps<M>): ReactElement;
}

export const MAIL_TEMPLATES: { readonly [K in MailTemplateName]: MailTemplate<MailModels[K]> } = {
  'extra-info': {
    subject: (t, model) => t('mail.extraInfo.subject', { title: model.listing.title, reference: model.listing.reference }),
    body: ExtraInfoMail,
  },
  'send-to-friend': {
    subject: (t, model) => t('mail.sendToFriend.subject', { name: model.senderName, title: model.listing.title }),
    body: SendToFriendMail,
  },
  contact: {
    subject: (t, model) => t('flows.mail.contact.subject', { name: model.visitor.name }),
    body: ContactMail,
  },
  'appointment-cancelled': {
    subject: (t, model) => t('flows.mail.cancellation.subject', { title: model.listing.title, date: model.date }),
    body: AppointmentCancelledMail,
  },
  'appointment-confirmation': {
    subject: (t, model) => t('flows.mail.appointment.subject', { title: model.listing.title, date: model.date, time: model.time }),
    body: AppointmentConfirmationMail,
  },
  favorites: {
    subject: (t, model) => t('flows.mail.favorites.subject', { site: model.siteName }),
    body: FavoritesMail,
  },
  'subscription-confirm': {
    subject: (t) => t('subscriptions.mail.confirm.subject'),
    body: SubscriptionConfirmMail,
  },
  'subscription-updated': {
    subject: (t) => t('subscriptions.mail.updated.subject'),
    body: SubscriptionUpdatedMail,
  },
  'subscription-digest': {
    subject: (t, model) => t('subscriptions.mail.digest.subject', { count: model.cards.length }),
    body: DigestMail,
  },
  'booking-request': {
    subject: (t, model) => t(`holiday.mail.subject.${model.recipient}`, { unit: model.unit.name, arrival: model.stay.arrival }),
    body: BookingRequestMail,
  },
  'viewing-request': {
    subject: viewingRequestSubject,
    body: ViewingRequestMail,
  },
};
