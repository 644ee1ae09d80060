import type { HeadType } from '../../domain/estate.js';
import type { LeadPayload, LeadSink, SearchProfile } from '../lead-sink.port.js';
import type { WhiseHttpApi } from './whise.api.js';

/** Whise's Category ids per head type (a project is searched as houses and flats). */
const CATEGORY_IDS: Readonly<Record<HeadType, readonly number[]>> = {
  HOUSE: [1],
  APARTMENT: [2],
  PLOT: [3],
  COMMERCIAL: [4, 5, 6],
  GARAGE: [7],
  PROJECT: [1, 2],
};

const LANGUAGE_IDS: Readonly<Record<string, string>> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-GB', de: 'de-DE' };

/** A keep-me-informed search as a Whise search criterion (fields named as the estate filters name them). */
function searchCriteria(profile: SearchProfile): Record<string, unknown> {
  const zips = profile.locations.filter((location) => /^\d{4}$/.test(location.trim())).map((zip) => zip.trim());
  const cities = profile.locations.filter((location) => !/^\d{4}$/.test(location.trim()));
  const criteria: Record<string, unknown> = {
    PurposeIds: profile.transaction === 'rent' ? [2] : profile.transaction === 'buy' ? [1] : [1, 2],
    CategoryIds: [...new Set(profile.headTypes.flatMap((headType) => CATEGORY_IDS[headType] ?? []))],
  };
  if (profile.priceMin !== null || profile.priceMax !== null) {
    criteria.PriceRange = { ...(profile.priceMin !== null ? { Min: profile.priceMin } : {}), ...(profile.priceMax !== null ? { Max: profile.priceMax } : {}) };
  }
  if (profile.bedroomsMin !== null) criteria.MinRooms = profile.bedroomsMin;
  if (zips.length > 0) criteria.Zips = zips;
  if (cities.length > 0) criteria.Cities = cities;
  return criteria;
}

export interface WhiseLeadOptions {
  readonly officeId: number;
  readonly language: string;
  /** WHISE_VIEWING_ACTION_ID: viewing requests become calendar events of this action. */
  readonly viewingActionId?: number;
}

/**
 * Website leads into Whise as contacts: `POST v1/contacts/upsert`, which updates the contact with the same
 * PrivateEmail instead of creating a second one. The listing goes in EstateIds, the visitor's message in Comments,
 * a confirmed subscription's search in SearchCriteria (Whise's search profile of the contact). A viewing request,
 * when WHISE_VIEWING_ACTION_ID is set, also becomes a calendar event for the contact (`v1/calendars/create`).
 */
export class WhiseLeadSink implements LeadSink {
  readonly source = 'W' as const;

  constructor(
    private readonly api: WhiseHttpApi,
    private readonly options: WhiseLeadOptions,
  ) {}

  async deliver(lead: LeadPayload): Promise<void> {
    const answer = await this.api.upsertContact(whiseContactBody(lead, this.options));
    const actionId = this.options.viewingActionId;
    if (lead.kind === 'viewing' && lead.viewing && lead.viewing.slots.length > 0 && actionId !== undefined) {
      await this.api.createCalendarEvent(whiseViewingEventBody(lead, actionId, contactIdOf(answer)));
    }
  }
}

/** The contact's id in the answer of contacts/upsert (`contactId`; `id` accepted too), or null. */
function contactIdOf(answer: unknown): number | null {
  if (!answer || typeof answer !== 'object') return null;
  const record = answer as Record<string, unknown>;
  const id = record.contactId ?? record.id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The body of `v1/calendars/create` for a viewing request (exported for its test): an event of the viewing-request
 * action at the earliest half-day the visitor proposed, linked to the listing and the contact; every preference in words
 * in Comments, so the agent picks one and changes the action when the visitor has confirmed. The public client posts
 * the body as given, so the field names follow Whise's calendar items (`startDateTime`, `endDateTime`, `subject`,
 * `estates`, `contacts`, `action`) in the PascalCase of its request bodies: unconfirmed against a real account.
 */
export function whiseViewingEventBody(lead: LeadPayload, actionId: number, contactId: number | null): Record<string, unknown> {
  const first = lead.viewing!.slots[0]!;
  const estateId = lead.propertyId !== null && /^\d+$/.test(lead.propertyId) ? Number(lead.propertyId) : null;
  const heading = lead.message.split('\n')[0]?.trim() || 'Viewing request';
  return {
    Subject: `${heading} – ${lead.contact.name}`.slice(0, 200),
    StartDateTime: first.start,
    EndDateTime: first.end,
    AllDay: false,
    CalendarActionId: actionId,
    ...(estateId !== null ? { EstateIds: [estateId] } : {}),
    ...(contactId !== null ? { ContactIds: [contactId] } : {}),
    Comments: lead.message,
  };
}

/** The body of `v1/contacts/upsert` for a lead (exported for its test: the exact shape Whise receives). */
export function whiseContactBody(lead: LeadPayload, options: { readonly officeId: number; readonly language: string }): Record<string, unknown> {
  const [firstName, ...rest] = lead.contact.name.trim().split(/\s+/);
  const estateId = lead.propertyId !== null && /^\d+$/.test(lead.propertyId) ? Number(lead.propertyId) : null;
  return {
    FirstName: rest.length > 0 ? firstName : '',
    Name: rest.length > 0 ? rest.join(' ') : (firstName ?? ''),
    PrivateEmail: lead.contact.email,
    ...(lead.contact.phone ? { PrivateTel: lead.contact.phone } : {}),
    LanguageId: LANGUAGE_IDS[lead.locale] ?? options.language,
    OfficeIds: [options.officeId],
    ...(estateId !== null ? { EstateIds: [estateId] } : {}),
    Comments: `[${lead.kind}] ${lead.message}`.trim(),
    ...(lead.kind === 'subscription' && lead.searchProfile ? { SearchCriteria: [searchCriteria(lead.searchProfile)] } : {}),
  };
}
