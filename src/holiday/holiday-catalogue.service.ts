import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/config.js';
import { todayInBelgium } from './domain/stay.js';
import { HolidayRepository } from './persistence/holiday.repository.js';
import { HOLIDAY_SOURCE, type HolidaySource } from './sources/holiday-source.port.js';

/**
 * Copies the holiday units from their source into the database at start (pages read the database only).
 * The only source so far is the demo catalogue, used where demo data is (SEED_DEMO_DATA): a real site never shows
 * demo units. It is a local file, so start-up waits for it: the first page already has its units.
 */
@Injectable()
export class HolidayCatalogueService implements OnApplicationBootstrap {
  private readonly logger = new Logger(HolidayCatalogueService.name);

  constructor(
    @Inject(HOLIDAY_SOURCE) private readonly source: HolidaySource,
    private readonly repository: HolidayRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.seedDemoData) await this.refresh();
    else this.logger.log('no holiday source besides the demo catalogue (SEED_DEMO_DATA is off): holiday units are left as they are');
  }

  async refresh(): Promise<void> {
    const sourced = await this.source.fetchAll(todayInBelgium());
    await this.repository.replaceFromSource(sourced);
    this.logger.log(`${sourced.length} holiday units from their source`);
  }
}
