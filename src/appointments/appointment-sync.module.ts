import { Module } from '@nestjs/common';
import { AppointmentStore } from '../estates/persistence/appointment-store.port.js';
import { AppointmentRepository } from './appointment.repository.js';
import { AppointmentSyncService } from './appointment-sync.service.js';

/** The appointments the estate sync stores: the web app and `npm run sync` give it to EstatesModule.forRoot. */
@Module({
  providers: [AppointmentRepository, AppointmentSyncService, { provide: AppointmentStore, useExisting: AppointmentSyncService }],
  exports: [AppointmentStore],
})
export class AppointmentSyncModule {}
