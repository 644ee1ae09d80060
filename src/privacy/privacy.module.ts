import { Module } from '@nestjs/common';
import { RetentionScheduler } from './retention.scheduler.js';

/** Retention: visitor data older than its term is erased by a scheduled job. */
@Module({
  providers: [RetentionScheduler],
})
export class PrivacyModule {}
