import { Controller, Get, Query } from '@nestjs/common';
import { ContactPage, type ContactPageModel } from '../../views/pages/contact-page.js';
import { RequestLocale } from '../web/locale.decorator.js';
import { page, type PageView } from '../web/view.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { ContactPageModels } from './contact-page.model.js';

/** The contact page; its form posts to the contact-form handler (FormsController). */
@Controller()
export class ContactController {
  constructor(private readonly models: ContactPageModels) {}

  @Get(routerPaths('contact'))
  contact(@RequestLocale() locale: Locale, @Query('sent') sent?: string): PageView<ContactPageModel> {
    const thanked = sent === '1';
    // The thanks is the same for everyone, but is not a page to index or to keep.
    return page(ContactPage, this.models.page(locale, thanked), { route: 'contact', indexable: !thanked }, thanked ? { cache: 'no-store' } : {});
  }
}
