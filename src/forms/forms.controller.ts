import { Body, Controller, Post } from '@nestjs/common';
import { RequestLocale } from '../common/locale.decorator.js';
import { submitted, type SubmittedView } from '../common/rendering/view.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { FormHandler } from './form.decorator.js';
import { ExtraInfoFormView, SendToFriendFormView } from './inquiry-form.views.js';
import { ExtraInfoDto, SendToFriendDto } from './inquiry.dto.js';
import { InquiryService } from './inquiry.service.js';

/**
 * The detail page's two forms (SPEC §4, §5, §7) on the form pipeline: rate limit and bot check (FormGuard),
 * DTO validation (422 with the form again), then the service stores the inquiry and its mail. htmx gets an
 * empty 200 (the modal island closes and thanks); without JavaScript 303 back to the listing (`?sent=…`).
 */
@Controller()
export class FormsController {
  constructor(private readonly inquiries: InquiryService) {}

  @Post(routerPaths('ajaxContactForm'))
  @FormHandler({ name: 'extra-info', view: ExtraInfoFormView })
  async extraInfo(@RequestLocale() locale: Locale, @Body() dto: ExtraInfoDto): Promise<SubmittedView> {
    const found = await this.inquiries.submitExtraInfo(dto, locale);
    return submitted(`${found.paths[locale]}?sent=extra-info`, () => null);
  }

  @Post(routerPaths('ajaxSendToFriend'))
  @FormHandler({ name: 'send-to-friend', view: SendToFriendFormView, requiresBotCheckInProduction: true })
  async sendToFriend(@RequestLocale() locale: Locale, @Body() dto: SendToFriendDto): Promise<SubmittedView> {
    const found = await this.inquiries.submitSendToFriend(dto, locale);
    return submitted(`${found.paths[locale]}?sent=send-to-friend`, () => null);
  }
}
