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

/**
 * Website leads into Whise as contacts: `POST v1/contacts/upsert`, which updates the contact with the same
 * PrivateEmail instead of creating a second one. The listing goes in EstateIds, the visitor's message in Comments,
 * a confirmed subscription's search in SearchCriteria (Whise's search profile of the contact).
 */
export class WhiseLeadSink implements LeadSink {
  readonly source = 'W' as const;

  constructor(
    private readonly api: WhiseHttpApi,
    private readonly options: { readonly officeId: number; readonly language: string },
  ) {}

  async deliver(lead: LeadPayload): Promise<void> {
    await this.api.upsertContact(whiseContactBody(lead, this.options));
  }
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
