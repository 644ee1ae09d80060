import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/config.js';
import { FIXTURES_DIR } from '../utils/paths.js';
import { BookingFormView } from './booking-form.view.js';
import { HolidayBookingService } from './holiday-booking.service.js';
import { HolidayCatalogueService } from './holiday-catalogue.service.js';
import { HolidayPageModels } from './holiday-page.model.js';
import { HolidayController } from './holiday.controller.js';
import { HolidayIcalImporterService } from './ical/holiday-ical-importer.service.js';
import { HolidayAvailabilityEntity } from './persistence/holiday-availability.entity.js';
import { HolidayBookingRequestEntity } from './persistence/holiday-booking-request.entity.js';
import { HolidayRentalUnitEntity } from './persistence/holiday-unit.entity.js';
import { HolidayRepository } from './persistence/holiday.repository.js';
import { demoHolidayFile, FixtureHolidaySource } from './sources/fixture-holiday-source.js';
import { HOLIDAY_SOURCE } from './sources/holiday-source.port.js';

/** Holiday rentals: the overview, a unit's page with its calendar, booking requests and the iCal feeds. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([HolidayRentalUnitEntity, HolidayAvailabilityEntity, HolidayBookingRequestEntity])],
  controllers: [HolidayController],
  providers: [
    {
      provide: HOLIDAY_SOURCE,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new FixtureHolidaySource(demoHolidayFile(FIXTURES_DIR), config.holidayIcalFeeds),
    },
    HolidayRepository,
    HolidayCatalogueService,
    HolidayIcalImporterService,
    HolidayPageModels,
    HolidayBookingService,
    BookingFormView,
  ],
  exports: [HolidayRepository],
})
export class HolidayModule {}
