import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/config.js';
import { JobQueueService, type Schedule } from '../jobs/job-queue.service.js';
import { describeRemoval, purgeExpired, type RemovalReport } from './visitor-data.js';

export const RETENTION_QUEUE = 'retention';
const DAY_SECONDS = 24 * 3600;

/** Once a day across every replica (the job queue's schedule): deletes what is past its retention period. */
@Injectable()
export class RetentionScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(RetentionScheduler.name);
  private schedule?: Schedule;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly jobs: JobQueueService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.define(RETENTION_QUEUE, { retryLimit: 3, retryDelaySeconds: 600, expireInSeconds: 600 });
    await this.jobs.work(RETENTION_QUEUE, async () => {
      await this.purge();
    });
    this.schedule = this.jobs.schedule(RETENTION_QUEUE, DAY_SECONDS, {});
    void this.schedule.offer();
  }

  async purge(now = new Date()): Promise<RemovalReport> {
    const report = await purgeExpired(this.dataSource, { inquiryDays: this.config.RETENTION_INQUIRY_DAYS, mailDays: this.config.RETENTION_MAIL_DAYS }, now);
    this.logger.log(`retention: removed ${describeRemoval(report)}`);
    return report;
  }
}
