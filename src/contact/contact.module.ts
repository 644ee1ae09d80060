import { Module } from '@nestjs/common';
import { ContactFormView } from './contact-form.views.js';
import { ContactPageModels } from './contact-page.model.js';
import { ContactController } from './contact.controller.js';

/** The contact page and its form. */
@Module({
  controllers: [ContactController],
  providers: [ContactPageModels, ContactFormView],
})
export class ContactModule {}
