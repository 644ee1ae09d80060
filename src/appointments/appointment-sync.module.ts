import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppointmentStore } from '../estates/persistence/appointment-store.port.js';
import { AppointmentRepository } from './appointment.repository.js';
import { AppointmentSyncService } from './appointment-sync.service.js';
import { AppointmentEntity } from './appointment.entity.js';

/** The appointments the estate sync stores: the web app and `npm run sync` give it to EstatesModule.forRoot. */
@Module({
  imports: [TypeOrmModule.forFeature([AppointmentEntity])],
  providers: [AppointmentRepository, AppointmentSyncService, { provide: AppointmentStore, useExisting: AppointmentSyncService }],
  exports: [AppointmentStore, AppointmentRepository],
})
export class AppointmentSyncModule {}
