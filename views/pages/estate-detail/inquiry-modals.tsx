import type { ReactElement, ReactNode } from 'react';
import { Modal } from '../../components/modal.js';
import { cachedSection } from '../../cached-sections.js';
import { InquiryForm, type InquiryFormProps } from '../../fragments/inquiry-forms.js';
import type { PageContext } from '../../page-context.js';
import type { DetailPageModel } from '../estate-detail-page.js';

/** Each dialog's own texts, by form (the close and failure texts are the same for both). */
const DIALOG_TEXTS = {
  'extra-info': { title: 'detail.extraInfo.title', open: 'detail.extraInfo.open', success: 'detail.extraInfo.success' },
  'send-to-friend': { title: 'detail.sendToFriend.title', open: 'detail.sendToFriend.open', success: 'detail.sendToFriend.success' },
} as const satisfies Record<InquiryFormProps['kind'], Record<string, string>>;

/**
 * A form in its dialog as the listing's version gives it: one kept section of the page (views/cached-sections.tsx)
 * per state a visitor can see it in, its thank-you shown (`?sent=`, after Post/Redirect/Get) or not, with the form's
 * bot-check script rendered beside it so that React still puts it in the head. A form that came back refused (with
 * what the visitor typed and its messages, the dialog open in the page) is rendered for that visitor alone. The
 * dialog's texts are looked up only when it is rendered, not when its kept bytes are copied.
 */
function InquiryDialog({ form, forms, t }: { form: InquiryFormProps; forms: DetailPageModel['forms']; t: PageContext['t'] }): ReactNode {
  const { kind } = form;
  const successVisible = forms.sent === kind;
  const open = forms.open === kind;
  const dialog = () => {
    const texts = DIALOG_TEXTS[kind];
    return (
      <Modal
        id={`${kind}-dialog`}
        title={t(texts.title)}
        openLabel={t(texts.open)}
        closeLabel={t('detail.modal.close')}
        successText={t(texts.success)}
        failureText={t('detail.modal.failed')}
        successVisible={successVisible}
        open={open}
      >
        <InquiryForm {...form} />
      </Modal>
    );
  };
  if (open || form.fields || form.errorSummary || form.consentChecked !== undefined) return dialog();
  const botCheck = form.botCheck;
  return cachedSection(`dialog:${kind}:${successVisible ? 'sent' : 'new'}`, dialog, botCheck ? <script src={botCheck.scriptUrl} async /> : null);
}

/** The extra-information form and, where offered, send-to-a-friend: each behind its button, in a dialog. */
export function InquiryModals({ forms, t }: { forms: DetailPageModel['forms']; t: PageContext['t'] }): ReactElement {
  return (
    <>
      <InquiryDialog form={forms.extraInfo} forms={forms} t={t} />
      {forms.sendToFriend && <InquiryDialog form={forms.sendToFriend} forms={forms} t={t} />}
    </>
  );
}
