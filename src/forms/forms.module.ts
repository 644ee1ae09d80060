import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_PIPE } from '@nestjs/core';
import { BotCheckService } from './bot-check.service.js';
import { FormSubmissionEntity } from './form-submission.entity.js';
import { FormGuard } from './form.guard.js';
import { RateLimitEntity } from './rate-limit.entity.js';
import { RateLimitService } from './rate-limit.service.js';
import { SubmissionLedgerService } from './submission-ledger.service.js';
import { AppValidationPipe } from './validation.pipe.js';

/** The form pipeline every form uses: bot check, rate limits, the submission ledger, the guard and the validation pipe. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([FormSubmissionEntity, RateLimitEntity])],
  providers: [BotCheckService, RateLimitService, SubmissionLedgerService, FormGuard, { provide: APP_PIPE, useClass: AppValidationPipe }],
  exports: [BotCheckService, RateLimitService, SubmissionLedgerService, FormGuard],
})
export class FormsModule {}
