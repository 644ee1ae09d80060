import { Global, Module } from '@nestjs/common';
import { JobQueue } from './job-queue.js';

/** The job queue every feature sends to and works on (mail, the sync, later digests and CRM write-back). */
@Global()
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobsModule {}
