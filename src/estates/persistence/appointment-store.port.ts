import type { SourceName } from '../domain/estate.js';
import type { SourceAppointment } from '../sources/appointment-source.port.js';

/**
 * Where the estate sync hands a source's viewing appointments, after its listings (an appointment points at one).
 * The appointments feature fills it (AppointmentSyncModule, given to EstatesModule.forRoot by the composition root),
 * so the catalogue never imports a feature above it.
 */
export abstract class AppointmentStore {
  abstract store(source: SourceName, appointments: readonly SourceAppointment[]): Promise<unknown>;
}
