import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailEntity } from './mail.entity.js';
import { MailRepository } from './mail.repository.js';
import { MailOutboxService } from './mail-outbox.service.js';

/** The mail outbox every feature queues its mails in (sent by a job, with retries). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([MailEntity])],
  providers: [MailRepository, MailOutboxService],
  exports: [MailOutboxService, MailRepository],
})
export class MailModule {}
