import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ContactThanks } from '../../views/fragments/contact-form.js';
import { ContactPage, type ContactPageModel } from '../../views/pages/contact-page.js';
import { FormHandler } from '../forms/form.decorator.js';
import { ContactDto } from '../inquiries/inquiry.dto.js';
import { InquiryService } from '../inquiries/inquiry.service.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { page, type PageView, submitted, type SubmittedView } from '../web/view.js';
import { ContactFormView } from './contact-form.views.js';
import { ContactPageModels } from './contact-page.model.js';

/** The contact page and the contact-form handler, on the form pipeline (see InquiriesController for the steps). */
@Controller()
export class ContactController {
  constructor(
    private readonly models: ContactPageModels,
    private readonly inquiries: InquiryService,
  ) {}

  @Get(routerPaths('contact'))
  contact(@RequestLocale() locale: Locale, @Query('sent') sent?: string): PageView<ContactPageModel> {
    const thanked = sent === '1';
    // The thanks is the same for everyone, but is not a page to index or to keep.
    return page(ContactPage, this.models.page(locale, thanked), { route: 'contact', indexable: !thanked }, thanked ? { cache: 'no-store' } : {});
  }

  /**
   * The contact form and the detail page's extra-information form share this handler (SPEC §2): with a listing id
   * it is that listing's inquiry (back to the listing), without one a contact message (the form becomes the thanks).
   */
  @Post(routerPaths('ajaxContactForm'))
  @FormHandler({ name: 'contact', view: ContactFormView })
  async submit(@RequestLocale() locale: Locale, @Body() dto: ContactDto): Promise<SubmittedView> {
    if (dto.estateId !== undefined) {
      const found = await this.inquiries.submitExtraInfo({ ...dto, estateId: dto.estateId }, locale);
      return submitted(`${found.paths[locale]}?sent=extra-info`, () => null);
    }
    await this.inquiries.submitContact(dto, locale);
    return submitted(`${urlFor('contact', locale)}?sent=1`, (ctx) => ContactThanks({ ctx }));
  }
}
