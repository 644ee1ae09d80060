import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { InquiryForm } from '../../views/fragments/inquiry-forms.js';
import { EstateDetailPage } from '../../views/pages/estate-detail-page.js';
import { NotFoundError } from '../utils/errors.js';
import { fragment, type FragmentView, page, type View } from '../web/view.js';
import { EstateDetailPageModels, type InquiryKind } from '../detail/estate-detail-page.model.js';
import { EstateDetailService, type FoundEstate } from '../detail/estate-detail.service.js';
import type { Locale } from '../routing/locales.js';
import type { FormState, FormView } from '../forms/form-view.js';

/** The listing a refused inquiry was about (its id is a hidden field of the form). */
async function listingOf(details: EstateDetailService, state: FormState): Promise<FoundEstate> {
  const id = Number(state.values.estateId);
  const found = Number.isInteger(id) && id > 0 ? await details.find(id) : null;
  if (!found) throw new NotFoundError();
  return found;
}

// Decorated so its constructor's parameter types are recorded for the subclasses.
@Injectable()
abstract class InquiryFormView implements FormView {
  protected abstract readonly kind: InquiryKind;

  constructor(
    private readonly details: EstateDetailService,
    private readonly models: EstateDetailPageModels,
  ) {}

  async fragment(_request: FastifyRequest, locale: Locale, state: FormState): Promise<FragmentView> {
    const props = this.models.formProps(this.kind, await listingOf(this.details, state), locale, state);
    return fragment(() => InquiryForm(props), { status: 422, cache: 'no-store' });
  }

  /** Without JavaScript: the listing's page, this form open and filled in again, with its messages. */
  async page(_request: FastifyRequest, locale: Locale, state: FormState): Promise<View> {
    const found = await listingOf(this.details, state);
    const model = await this.models.pageModel(found, locale, null, { kind: this.kind, state });
    return page(EstateDetailPage, model, { route: 'detail', paths: found.paths, indexable: false }, { status: 422, cache: 'no-store' });
  }
}

@Injectable()
export class ExtraInfoFormView extends InquiryFormView {
  protected readonly kind = 'extra-info';
}

@Injectable()
export class SendToFriendFormView extends InquiryFormView {
  protected readonly kind = 'send-to-friend';
}
