import type { ReactElement, ReactNode } from 'react';
import { Modal } from '../../components/modal.js';
import { cachedSection } from '../../cached-sections.js';
import { InquiryForm, type InquiryFormProps } from '../../fragments/inquiry-forms.js';
import type { PageContext } from '../../page-context.js';
import type { DetailPageModel } from '../estate-detail-page.js';

/**
 * A form as the listing's version gives it: a kept section of the page (views/cached-sections.tsx), its bot-check
 * script rendered beside it so that React still puts it in the head. A form that came back refused (with what the
 * visitor typed and its messages) is rendered for that visitor alone.
 */
function KeptForm({ form }: { form: InquiryFormProps }): ReactNode {
  if (form.fields || form.errorSummary || form.consentChecked !== undefined) return <InquiryForm {...form} />;
  const botCheck = form.botCheck;
  return cachedSection(`form:${form.kind}`, () => <InquiryForm {...form} />, botCheck ? <script src={botCheck.scriptUrl} async /> : null);
}

/** The extra-information form and, where offered, send-to-a-friend: each behind its button, in a dialog. */
export function InquiryModals({ forms, t }: { forms: DetailPageModel['forms']; t: PageContext['t'] }): ReactElement {
  const failureText = t('detail.modal.failed');
  return (
    <>
      <Modal
        id="extra-info-dialog"
        title={t('detail.extraInfo.title')}
        openLabel={t('detail.extraInfo.open')}
        closeLabel={t('detail.modal.close')}
        successText={t('detail.extraInfo.success')}
        failureText={failureText}
        successVisible={forms.sent === 'extra-info'}
        open={forms.open === 'extra-info'}
      >
        <KeptForm form={forms.extraInfo} />
      </Modal>
      {forms.sendToFriend && (
        <Modal
          id="send-to-friend-dialog"
          title={t('detail.sendToFriend.title')}
          openLabel={t('detail.sendToFriend.open')}
          closeLabel={t('detail.modal.close')}
          successText={t('detail.sendToFriend.success')}
          failureText={failureText}
          successVisible={forms.sent === 'send-to-friend'}
          open={forms.open === 'send-to-friend'}
        >
          <KeptForm form={forms.sendToFriend} />
        </Modal>
      )}
    </>
  );
}
