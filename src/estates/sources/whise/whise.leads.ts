import type { HeadType } from '../../domain/estate.js';
import type { LeadPayload, LeadSink, SearchProfile } from '../lead-sink.port.js';
import type { WhiseHttpApi } from './whise.api.js';
import { whiseRepresentativeId } from './whise.mapper.js';
import type { WhiseEstate } from './whise.types.js';

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

/** SPEC subtypes of a flat → Whise's flat subcategories (`subCategory.id`, as whise-integration names them). */
const FLAT_SUBCATEGORIES: Readonly<Record<string, number>> = {
  FLAT: 17,
  DUPLEX: 18,
  PENTHOUSE: 19,
  STUDIO: 21,
  TRIPLEX: 22,
  LOFT: 23,
  GROUND_FLOOR: 25,
  STUDENT_ROOM: 93,
  ROOFTOP_FLAT: 94,
  SERVICE_FLAT: 95,
};

/**
 * A keep-me-informed search as Whise search criteria, one per purpose and category, in the names bib111's example
 * shows (`PurposeId`, `CategoryId`, `SubcategoryId`, `PriceMin`, `PriceMax`, `CountryId`, `MinRooms`). The places
 * the visitor chose have no documented criterion: they go into the contact's Comments.
 */
export function whiseSearchCriteria(profile: SearchProfile, countryId: number): Array<Record<string, unknown>> {
  const purposes = profile.transaction === 'rent' ? [2] : profile.transaction === 'buy' ? [1] : [1, 2];
  const categories = [...new Set(profile.headTypes.flatMap((headType) => CATEGORY_IDS[headType] ?? []))];
  const subcategories = [...new Set(profile.subTypes.map((subType) => FLAT_SUBCATEGORIES[subType]).filter((id): id is number => id !== undefined))];
  const common: Record<string, unknown> = {
    CountryId: countryId,
    ...(profile.priceMin !== null ? { PriceMin: profile.priceMin } : {}),
    ...(profile.priceMax !== null ? { PriceMax: profile.priceMax } : {}),
    ...(profile.bedroomsMin !== null ? { MinRooms: profile.bedroomsMin } : {}),
  };
  const criteria: Array<Record<string, unknown>> = [];
  for (const purpose of purposes) {
    for (const category of categories.length > 0 ? categories : [null]) {
      const base = { PurposeId: purpose, ...(category !== null ? { CategoryId: category } : {}), ...common };
      if (category === 2 && subcategories.length > 0) for (const sub of subcategories) criteria.push({ ...base, SubcategoryId: sub });
      else criteria.push(base);
    }
  }
  return criteria;
}

export interface WhiseLeadOptions {
  readonly officeId: number;
  readonly language: string;
  /** WHISE_COUNTRY_ID: the contact's country (Whise's Country enum; 1 Belgium, as tombroucke sends). */
  readonly countryId?: number;
  /** WHISE_VIEWING_ACTION_ID: viewing requests become calendar events of this action. */
  readonly viewingActionId?: number;
  /** WHISE_VIEWING_USER_ID: the user a viewing request is for when the listing names no representative. */
  readonly viewingUserId?: number;
}

/** Whise's Country 1: Belgium (fw4 Enums/Country; tombroucke's contact form sends it). */
export const WHISE_DEFAULT_COUNTRY_ID = 1;

/**
 * Website leads into Whise as contacts: `POST v1/contacts/upsert`, which updates the contact with the same
 * PrivateEmail instead of creating a second one. The listing goes in EstateIds, the visitor's message in Comments,
 * a confirmed subscription's search in SearchCriteria (Whise's search profile of the contact). A viewing request,
 * when WHISE_VIEWING_ACTION_ID is set, also becomes a calendar event (`v1/calendars/upsert`, the documented call)
 * for the listing's representative (read from Whise with the listing), else WHISE_VIEWING_USER_ID; with neither,
 * it stays a contact with the slots in its comments (Whise requires `UserIds`).
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
      const userId = (await this.representativeOf(lead.propertyId).catch((error: unknown) => {
        // The listing could not be read: the configured user takes the request; without one, the job retries.
        if (this.options.viewingUserId === undefined) throw error;
        return null;
      })) ?? this.options.viewingUserId ?? null;
      if (userId === null) return;
      await this.api.upsertCalendarEvent(whiseViewingEventBody(lead, actionId, contactIdOf(answer), userId));
    }
  }

  /** The listing's representative in Whise (its first `representatives[].id`), or null. */
  private async representativeOf(propertyId: string | null): Promise<number | null> {
    if (propertyId === null || !/^\d+$/.test(propertyId)) return null;
    const answer = await this.api.listEstates({
      Filter: { EstateIds: [Number(propertyId)], ShowRepresentatives: true, StatusIds: [1, 5, 6], DisplayStatusIds: [1, 2, 3, 4, 5] },
      Page: { Limit: 1, Offset: 0 },
    });
    const estate = Array.isArray(answer.estates) ? (answer.estates[0] as WhiseEstate | undefined) : undefined;
    return estate && typeof estate === 'object' ? whiseRepresentativeId(estate) : null;
  }
}

/** The contact's id in the answer of contacts/upsert (`ContactId` as bib111 reads it; `contactId`, `id` accepted), or null. */
function contactIdOf(answer: unknown): number | null {
  if (!answer || typeof answer !== 'object') return null;
  const record = answer as Record<string, unknown>;
  const id = record.ContactId ?? record.contactId ?? record.id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The body of `v1/calendars/upsert` for a viewing request (exported for its test): an event of the viewing-request
 * action at the earliest half-day the visitor proposed, for the user, linked to the listing and the contact; every
 * preference in words in Comments, so the agent picks one and changes the action when the visitor has confirmed.
 * Required by the documented call (bib111 Calendars/): CalendarActionId, StartDateTime, EndDateTime, Subject, UserIds.
 */
export function whiseViewingEventBody(lead: LeadPayload, actionId: number, contactId: number | null, userId: number): Record<string, unknown> {
  const first = lead.viewing!.slots[0]!;
  const estateId = lead.propertyId !== null && /^\d+$/.test(lead.propertyId) ? Number(lead.propertyId) : null;
  const heading = lead.message.split('\n')[0]?.trim() || 'Viewing request';
  return {
    Subject: `${heading} – ${lead.contact.name}`.slice(0, 200),
    StartDateTime: first.start,
    EndDateTime: first.end,
    AllDay: false,
    CalendarActionId: actionId,
    UserIds: [userId],
    ...(estateId !== null ? { EstateIds: [estateId] } : {}),
    ...(contactId !== null ? { ContactIds: [contactId] } : {}),
    Comments: lead.message,
  };
}

/** The body of `v1/contacts/upsert` for a lead (exported for its test: the exact shape Whise receives). */
export function whiseContactBody(lead: LeadPayload, options: Pick<WhiseLeadOptions, 'officeId' | 'language' | 'countryId'>): Record<string, unknown> {
  const [firstName, ...rest] = lead.contact.name.trim().split(/\s+/);
  const estateId = lead.propertyId !== null && /^\d+$/.test(lead.propertyId) ? Number(lead.propertyId) : null;
  const countryId = options.countryId ?? WHISE_DEFAULT_COUNTRY_ID;
  const profile = lead.kind === 'subscription' ? lead.searchProfile : undefined;
  const places = profile && profile.locations.length > 0 ? `\nLocations: ${profile.locations.join(', ')}` : '';
  return {
    FirstName: rest.length > 0 ? firstName : '',
    Name: rest.length > 0 ? rest.join(' ') : (firstName ?? ''),
    PrivateEmail: lead.contact.email,
    ...(lead.contact.phone ? { PrivateTel: lead.contact.phone } : {}),
    CountryId: countryId,
    LanguageId: LANGUAGE_IDS[lead.locale] ?? options.language,
    OfficeIds: [options.officeId],
    ...(estateId !== null ? { EstateIds: [estateId] } : {}),
    Comments: `[${lead.kind}] ${lead.message}${places}`.trim(),
    ...(profile ? { SearchCriteria: whiseSearchCriteria(profile, countryId) } : {}),
  };
}
