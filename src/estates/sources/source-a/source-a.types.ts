import type { RawText } from '../raw-text.js';

/**
 * Zabun CMS API records as its public clients read them (README "Connecting your CRM"): snake_case, integer dictionary ids,
 * texts per language ({ nl, fr, en, de }) or a plain string in the Accept-Language language. Every field is untrusted.
 */
export type ZabunText = RawText | string;

export interface SourceASearchRequest {
  readonly paging: { readonly page: number; readonly size: number };
  readonly filtering: { readonly updated_since?: string };
  readonly sorting: { readonly sort: 'MOST_RECENT'; readonly order: 'DESC' };
}

/** One item of a search (or media-sync) page; only `property_id` is sure to be there. */
export interface SourceASearchItem {
  readonly property_id?: number;
  readonly changed?: string;
  readonly publish?: boolean;
  readonly show?: boolean;
  readonly archived?: boolean;
  readonly deleted?: boolean;
}

/** `POST api/v1/property/search`: `paging` may be absent; no client relies on a total. */
export interface SourceASearchResponse {
  readonly paging?: { readonly page?: number; readonly size?: number; readonly total?: number };
  readonly properties?: readonly SourceASearchItem[];
}

/** One entry of an option_items list; a type carries its head type. */
export interface SourceADictionaryEntry {
  readonly id?: number;
  readonly name?: ZabunText;
  readonly head_type_id?: number;
  readonly color?: string | null;
  readonly color_text?: string | null;
}

/** `GET api/v1/property/option_items`: every list at once (transactions, status, types, head_types, layouts, …). */
/* The lists garden_directions, flooding_sensitivities, flooding_zones and renovation_obligations are read from it too. */
export type SourceAOptionItems = Readonly<Record<string, readonly SourceADictionaryEntry[] | undefined>>;

/**
 * A city of the geo dictionary (`GET api/v1/geo/cities?country_geo_id=23`) and the detail's `address.city_geo`, as
 * public clients read it (docs/crm/zabun.md): its name in `city`, a longer `city_full`, and its names in other
 * languages as aliases. `latitude` / `longitude` are *unconfirmed* (no client reads them): used when present.
 */
export interface SourceACity {
  readonly city_geo_id?: number;
  readonly city?: string;
  readonly city_full?: string;
  readonly zip?: string | number;
  readonly alias?: ReadonlyArray<{ readonly lang?: string; readonly alias?: string }>;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
}

/** An entry of `GET api/v1/person`: phones come as country code + number. */
export interface SourceAPerson {
  readonly person_id?: number;
  readonly first_name?: string | null;
  readonly last_name?: string | null;
  readonly email?: string | null;
  readonly mobile_phone_cc?: string | number | null;
  readonly mobile_phone?: string | number | null;
  readonly direct_phone_cc?: string | number | null;
  readonly direct_phone?: string | number | null;
  readonly language?: string | null;
  readonly photo_url?: string | null;
  readonly description?: ZabunText;
}

export interface SourceAAddress {
  readonly street?: string | null;
  readonly street_translated?: RawText;
  readonly number?: string | null;
  readonly box?: string | null;
  readonly zip?: string | number | null;
  readonly city_geo_id?: number | null;
  /** The city in the geo dictionary's shape (Zabun-Connect reads `city_geo.city`, `city_full`, `zip`). */
  readonly city_geo?: SourceACity | null;
  /** Free text some accounts fill (*unconfirmed*), used only as the name of a city the dictionary lacks. */
  readonly city?: string | null;
  readonly country_geo_id?: number | null;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
  readonly address_visible?: boolean;
  readonly geo_precision?: number | null;
}

/** `GET api/v1/property/{id}?extended=true`. Energy fields have `_shared` twins for the building. */
export interface SourceAProperty {
  readonly property_id?: number;
  readonly publish?: boolean;
  readonly show?: boolean;
  readonly archived?: boolean;
  readonly deleted?: boolean;
  readonly is_project?: boolean;
  /** A project lists its units; a unit need not name its project (some clients see `parent_property_id`). */
  readonly child_properties?: ReadonlyArray<number | { readonly property_id?: number }>;
  readonly parent_property_id?: number | null;
  readonly title?: ZabunText;
  readonly description?: ZabunText;
  readonly description_short?: ZabunText;
  readonly type_id?: number | null;
  readonly transaction_id?: number | null;
  readonly status_id?: number | null;
  readonly building_type_id?: number | null;
  readonly condition_id?: number | null;
  readonly town_planning_id?: number | null;
  readonly building_license_id?: number | null;
  readonly heritage_inventoried_id?: number | null;
  readonly sticker_id?: number | null;
  readonly environments?: ReadonlyArray<{ readonly environment_id?: number }>;
  readonly facilities?: ReadonlyArray<{ readonly facility_id?: number }>;
  readonly layouts?: ReadonlyArray<{
    readonly layout_id?: number;
    readonly count?: number | null;
    readonly surface?: number | null;
    readonly comment?: ZabunText;
    readonly floor?: number | null;
    readonly sort?: number;
    readonly custom_index?: number | null;
    readonly custom_name?: ZabunText;
  }>;
  readonly address?: SourceAAddress | null;
  readonly responsible_salesrep_person_id?: number | null;
  readonly photos?: ReadonlyArray<{ url?: string; url_thumbnail?: string; index?: number; comment?: ZabunText }>;
  /** type_id is an id of the videos/types dictionary (a virtual tour is told by its type's name). */
  readonly videos?: ReadonlyArray<{ type_id?: number; url?: string }>;
  /** Named through property/technicals, its dropdowns and property/evaluations. */
  readonly technicals?: ReadonlyArray<{ technical_id?: number; technical_dropdown_id?: number | null; evaluation_id?: number | null }>;
  readonly files?: ReadonlyArray<{ type_id?: number; url?: string; reference?: ZabunText }>;
  readonly extra_fields?: ReadonlyArray<{ autoid: number; type: string; name?: RawText; value?: string | null; values?: RawText }>;
  readonly build_technicals?: ReadonlyArray<{ criteria?: RawText; value?: RawText; comment?: RawText }>;
  readonly changed?: string;
  readonly creation?: string;
  /** Every other field is a plain value named in snake_case (price, epc_value, garden_text, presale_right_ynu, …). */
  readonly [field: string]: unknown;
}

/** A viewing appointment as `GET <SOURCE_A_APPOINTMENTS_PATH>` would list it (unconfirmed: no public client reads them). */
export interface SourceAAppointment {
  readonly appointment_id?: number;
  readonly property_id?: number;
  /** ISO 8601 with an offset. */
  readonly start?: string;
  /** planned | cancelled | done */
  readonly status?: string;
  readonly contact?: { first_name?: string; last_name?: string; email?: string; phone?: string | null; language?: string | null };
  readonly agent?: { name?: string; email?: string | null };
}
