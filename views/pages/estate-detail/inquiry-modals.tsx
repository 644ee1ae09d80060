import type { ReactElement } from 'react';
import { Modal } from '../../components/modal.js';
import { InquiryForm } from '../../fragments/inquiry-forms.js';
import type { PageContext } from '../../page-context.js';
import type { DetailPageModel } from '../estate-detail-page.js';

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
        <InquiryForm {...forms.extraInfo} />
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
          <InquiryForm {...forms.sendToFriend} />
        </Modal>
      )}
    </>
  );
}
