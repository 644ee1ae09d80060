import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InquiriesController } from './inquiries.controller.js';
import { ExtraInfoFormView, SendToFriendFormView } from './inquiry-form.views.js';
import { InquiryEntity } from './inquiry.entity.js';
import { InquiryRepository } from './inquiry.repository.js';
import { InquiryService } from './inquiry.service.js';

/** A visitor's inquiries: about a listing (extra information, send to a friend) and the contact message. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([InquiryEntity])],
  controllers: [InquiriesController],
  providers: [InquiryRepository, InquiryService, ExtraInfoFormView, SendToFriendFormView],
  exports: [InquiryService, ExtraInfoFormView],
})
export class InquiriesModule {}
