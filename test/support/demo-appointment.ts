import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppointmentEntity } from '../../src/appointments/appointment.entity.js';
import type { Locale } from '../../src/routing/locales.js';
import { urlFor } from '../../src/routing/routes.js';

/**
 * The cancel page of a demo appointment (fixtures/source-a/appointments.json, brought in by the first sync): a page
 * that reads the database. Its public id is random, so it is looked up.
 */
export async function demoAppointmentPath(app: INestApplication, locale: Locale, sourceId = '7001'): Promise<string> {
  const appointment = await app.get(DataSource).getRepository(AppointmentEntity).findOneByOrFail({ source: 'A', sourceId });
  return urlFor('cancelAppointment', locale, { appointmentId: appointment.publicId });
}
