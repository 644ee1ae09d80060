import type { ReactElement, ReactNode } from 'react';
import { Modal, type ModalProps } from '../../components/modal.js';
import { cachedSection } from '../../cached-sections.js';
import { InquiryForm, type InquiryFormProps } from '../../fragments/inquiry-forms.js';
import type { PageContext } from '../../page-context.js';
import type { DetailPageModel } from '../estate-detail-page.js';

/**
 * A form in its dialog as the listing's version gives it: one kept section of the page (views/cached-sections.tsx)
 * per state a visitor can see it in, its thank-you shown (`?sent=`, after Post/Redirect/Get) or not, with the form's
 * bot-check script rendered beside it so that React still puts it in the head. A form that came back refused (with
 * what the visitor typed and its messages, the dialog open in the page) is rendered for that visitor alone.
 */
function InquiryDialog({ form, modal }: { form: InquiryFormProps; modal: Omit<ModalProps, 'children'> }): ReactNode {
  const dialog = () => (
    <Modal {...modal}>
      <InquiryForm {...form} />
    </Modal>
  );
  if (modal.open || form.fields || form.errorSummary || form.consentChecked !== undefined) return dialog();
  const botCheck = form.botCheck;
  return cachedSection(`dialog:${form.kind}:${modal.successVisible ? 'sent' : 'new'}`, dialog, botCheck ? <script src={botCheck.scriptUrl} async /> : null);
}

/** The extra-information form and, where offered, send-to-a-friend: each behind its button, in a dialog. */
export function InquiryModals({ forms, t }: { forms: DetailPageModel['forms']; t: PageContext['t'] }): ReactElement {
  const failureText = t('detail.modal.failed');
  const closeLabel = t('detail.modal.close');
  return (
    <>
      <InquiryDialog
        form={forms.extraInfo}
        modal={{
          id: 'extra-info-dialog',
          title: t('detail.extraInfo.title'),
          openLabel: t('detail.extraInfo.open'),
          closeLabel,
          successText: t('detail.extraInfo.success'),
          failureText,
          successVisible: forms.sent === 'extra-info',
          open: forms.open === 'extra-info',
        }}
      />
      {forms.sendToFriend && (
        <InquiryDialog
          form={forms.sendToFriend}
          modal={{
            id: 'send-to-friend-dialog',
            title: t('detail.sendToFriend.title'),
            openLabel: t('detail.sendToFriend.open'),
            closeLabel,
            successText: t('detail.sendToFriend.success'),
            failureText,
            successVisible: forms.sent === 'send-to-friend',
            open: forms.open === 'send-to-friend',
          }}
        />
      )}
    </>
  );
}
