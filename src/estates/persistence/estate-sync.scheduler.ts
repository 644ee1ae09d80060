import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/config.js';
import { EstateRepository } from './estate.repository.js';
import { EstateSyncService } from './estate-sync.service.js';

const SYNC_JOB = 'estate-sync';

/**
 * Keeps the cache fresh while the site runs: a first sync when the cache is empty (a fresh
 * database seeds itself, from fixtures/ when no CRM is configured), then every SYNC_INTERVAL_MINUTES.
 */
@Injectable()
export class EstateSyncScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(EstateSyncScheduler.name);

  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly estates: EstateRepository,
    private readonly sync: EstateSyncService,
    private readonly scheduler: SchedulerRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.estates.count()) === 0) {
      const report = await this.sync.syncAll();
      this.logger.log(`empty cache filled: ${report.cached} listings in ${report.durationMs} ms`);
    } else {
      this.logger.log(`cache holds ${await this.estates.count()} listings`);
    }
    const minutes = this.config.SYNC_INTERVAL_MINUTES;
    if (minutes > 0) {
      const timer = setInterval(() => void this.runScheduled(), minutes * 60_000);
      timer.unref();
      this.scheduler.addInterval(SYNC_JOB, timer);
    }
  }

  private async runScheduled(): Promise<void> {
    try {
      await this.sync.syncAll();
    } catch (error) {
      this.logger.error(`scheduled sync failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
