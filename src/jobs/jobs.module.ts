import { Global, Module } from '@nestjs/common';
import { JobQueueService } from './job-queue.service.js';

/** The job queue every feature sends to and works on (mail, the sync, later digests and CRM write-back). */
@Global()
@Module({ providers: [JobQueueService], exports: [JobQueueService] })
export class JobsModule {}
