import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppointmentEntity } from '../appointments/appointment.entity.js';
import { FIXTURES_DIR } from '../common/paths.js';
import { AppConfig } from '../config/config.js';
import { HolidayRentalUnitEntity } from '../holiday/holiday-rental-unit.entity.js';

async function readFixture<T>(name: string): Promise<T> {
  return JSON.parse(await readFile(join(FIXTURES_DIR, name), 'utf8')) as T;
}

/**
 * Fills an empty database with the demo data in fixtures/, so `npm start` shows a working site.
 * On by default for the embedded database only (SEED_DEMO_DATA).
 */
@Injectable()
export class SeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SeedService.name);

  constructor(
    private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.seedDemoData) await this.seed();
  }

  async seed(): Promise<void> {
    const units = this.dataSource.getRepository(HolidayRentalUnitEntity);
    if ((await units.count()) === 0) {
      const rows = await readFixture<HolidayRentalUnitEntity[]>('holiday-rental-units.json');
      await units.insert(rows);
      this.logger.log(`seeded ${rows.length} holiday rental units`);
    }
    const appointments = this.dataSource.getRepository(AppointmentEntity);
    if ((await appointments.count()) === 0) {
      const rows = await readFixture<Array<Omit<AppointmentEntity, 'startsAt' | 'createdAt'> & { startsAt: string }>>(
        'appointments.json',
      );
      await appointments.insert(rows.map((row) => ({ ...row, startsAt: new Date(row.startsAt) })));
      this.logger.log(`seeded ${rows.length} appointments`);
    }
  }
}
