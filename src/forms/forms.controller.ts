import { Body, Controller, Post } from '@nestjs/common';
import { RequestLocale } from '../web/locale.decorator.js';
import { submitted, type SubmittedView } from '../web/view.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';
import { ContactThanks } from '../../views/fragments/contact-form.js';
import { ContactFormView } from './contact-form.views.js';
import { FormHandler } from './form.decorator.js';
import { SendToFriendFormView } from './inquiry-form.views.js';
import { ContactDto, SendToFriendDto } from './inquiry.dto.js';
import { InquiryService } from './inquiry.service.js';

/**
 * The detail page's two forms (SPEC §4, §5, §7) on the form pipeline: rate limit and bot check (FormGuard),
 * DTO validation (422 with the form again), then the service stores the inquiry and its mail. htmx gets an
 * empty 200 (the modal island closes and thanks); without JavaScript 303 back to the listing (`?sent=…`).
 */
@Controller()
export class FormsController {
  constructor(private readonly inquiries: InquiryService) {}

  /**
   * The contact form and the detail page's extra-information form share this handler (SPEC §2): with a listing id
   * it is that listing's inquiry (back to the listing), without one a contact message (the form becomes the thanks).
   */
  @Post(routerPaths('ajaxContactForm'))
  @FormHandler({ name: 'contact', view: ContactFormView })
  async contact(@RequestLocale() locale: Locale, @Body() dto: ContactDto): Promise<SubmittedView> {
    if (dto.estateId !== undefined) {
      const found = await this.inquiries.submitExtraInfo({ ...dto, estateId: dto.estateId }, locale);
      return submitted(`${found.paths[locale]}?sent=extra-info`, () => null);
    }
    await this.inquiries.submitContact(dto, locale);
    return submitted(`${urlFor('contact', locale)}?sent=1`, (ctx) => ContactThanks({ ctx }));
  }

  @Post(routerPaths('ajaxSendToFriend'))
  @FormHandler({ name: 'send-to-friend', view: SendToFriendFormView })
  async sendToFriend(@RequestLocale() locale: Locale, @Body() dto: SendToFriendDto): Promise<SubmittedView> {
    const found = await this.inquiries.submitSendToFriend(dto, locale);
    return submitted(`${found.paths[locale]}?sent=send-to-friend`, () => null);
  }
}
