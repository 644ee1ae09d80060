import { AppointmentEntity } from '../appointments/appointment.entity.js';
import { EstateEntity } from '../estates/persistence/estate.entity.js';
import { FormSubmissionEntity } from '../forms/form-submission.entity.js';
import { InquiryEntity } from '../forms/inquiry.entity.js';
import { RateLimitEntity } from '../forms/rate-limit.entity.js';
import { MailEntity } from '../mail/mail.entity.js';
import { HolidayRentalUnitEntity } from '../holiday/holiday-rental-unit.entity.js';
import { SettingEntity } from '../settings/setting.entity.js';

/** Every TypeORM entity; listed explicitly so the app, the tests and the CLI load the same set. */
export const ENTITIES = [SettingEntity, AppointmentEntity, HolidayRentalUnitEntity, EstateEntity, InquiryEntity, MailEntity, FormSubmissionEntity, RateLimitEntity];
