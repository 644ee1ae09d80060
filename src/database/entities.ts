import { AppointmentEntity } from '../appointments/appointment.entity.js';
import { EstateEntity } from '../estates/persistence/estate.entity.js';
import { HolidayAvailabilityEntity } from '../holiday/persistence/holiday-availability.entity.js';
import { HolidayBookingRequestEntity } from '../holiday/persistence/holiday-booking-request.entity.js';
import { HolidayRentalUnitEntity } from '../holiday/persistence/holiday-unit.entity.js';
import { FormSubmissionEntity } from '../forms/form-submission.entity.js';
import { InquiryEntity } from '../inquiries/inquiry.entity.js';
import { RateLimitEntity } from '../forms/rate-limit.entity.js';
import { MailEntity } from '../mail/mail.entity.js';
import { LeadEntity } from '../leads/lead.entity.js';
import { ListingEventEntity } from '../estates/persistence/listing-event.entity.js';
import { ListingIdEntity } from '../estates/persistence/listing-id.entity.js';
import { SourceSyncStateEntity } from '../estates/persistence/source-sync-state.entity.js';
import { SubscriptionDeliveryEntity } from '../subscriptions/subscription-delivery.entity.js';
import { SubscriptionEntity } from '../subscriptions/subscription.entity.js';
import { SubscriptionTokenEntity } from '../subscriptions/subscription-token.entity.js';
import { SettingEntity } from '../settings/setting.entity.js';

/** Every TypeORM entity; listed explicitly so the app, the tests and the CLI load the same set. */
export const ENTITIES = [SettingEntity, AppointmentEntity, HolidayRentalUnitEntity, EstateEntity, InquiryEntity, MailEntity, FormSubmissionEntity, RateLimitEntity, LeadEntity, SubscriptionEntity, ListingEventEntity, SubscriptionDeliveryEntity, SubscriptionTokenEntity, HolidayAvailabilityEntity, HolidayBookingRequestEntity, ListingIdEntity, SourceSyncStateEntity];
