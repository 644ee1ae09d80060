import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppointmentCancellationService } from './appointment-cancellation.service.js';
import { AppointmentConfirmationService } from './appointment-confirmation.service.js';
import { AppointmentEntity } from './appointment.entity.js';
import { AppointmentSyncModule } from './appointment-sync.module.js';
import { AppointmentsController } from './appointments.controller.js';
import { CancelAppointmentFormView, CancelAppointmentPageModels } from './cancel-appointment-page.model.js';

/** Viewing appointments: confirmations to the visitor and the cancel page (the sync stores them: AppointmentSyncModule). */
@Module({
  imports: [TypeOrmModule.forFeature([AppointmentEntity]), AppointmentSyncModule],
  controllers: [AppointmentsController],
  providers: [AppointmentCancellationService, AppointmentConfirmationService, CancelAppointmentPageModels, CancelAppointmentFormView],
})
export class AppointmentsModule {}
