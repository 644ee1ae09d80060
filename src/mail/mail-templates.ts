import type { ReactElement } from 'react';
import { ExtraInfoMail, type ExtraInfoMailModel } from '../../views/mail/extra-info-mail.js';
import type { MailBodyProps } from '../../views/mail/mail-layout.js';
import { SendToFriendMail, type SendToFriendMailModel } from '../../views/mail/send-to-friend-mail.js';

/** Every mail the site sends, by template name, with the model its component takes. */
export interface MailModels {
  'extra-info': ExtraInfoMailModel;
  'send-to-friend': SendToFriendMailModel;
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
};
