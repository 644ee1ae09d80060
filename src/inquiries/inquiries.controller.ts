import { Body, Controller, Post } from '@nestjs/common';
import { FormHandler } from '../forms/form.decorator.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { submitted, type SubmittedView } from '../web/view.js';
import { SendToFriendFormView } from './inquiry-form.views.js';
import { SendToFriendDto } from './inquiry.dto.js';
import { InquiryService } from './inquiry.service.js';

/**
 * The detail page's send-to-a-friend form (SPEC §4, §7) on the form pipeline: rate limit and bot check (FormGuard),
 * DTO validation (422 with the form again), then the service stores the inquiry and its mail. htmx gets an
 * empty 200 (the modal island closes and thanks); without JavaScript 303 back to the listing (`?sent=…`).
 * The extra-information form posts to the contact-form handler (ContactController).
 */
@Controller()
export class InquiriesController {
  constructor(private readonly inquiries: InquiryService) {}

  @Post(routerPaths('ajaxSendToFriend'))
  @FormHandler({ name: 'send-to-friend', view: SendToFriendFormView })
  async sendToFriend(@RequestLocale() locale: Locale, @Body() dto: SendToFriendDto): Promise<SubmittedView> {
    const found = await this.inquiries.submitSendToFriend(dto, locale);
    return submitted(`${found.paths[locale]}?sent=send-to-friend`, () => null);
  }
}
