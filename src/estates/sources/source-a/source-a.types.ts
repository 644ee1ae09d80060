import type { RawText } from '../raw-text.js';

/** Source A (Zabun-shaped) raw records: snake_case, integer ids, per-language text maps. */

export interface SourceASearchRequest {
  readonly paging: { readonly page: number; readonly size: number };
  readonly filtering: { readonly updated_since?: string };
  readonly sorting: { readonly field: string; readonly order: 'asc' | 'desc' };
}

export interface SourceASearchResponse {
  readonly paging: { readonly page: number; readonly size: number; readonly total: number };
  readonly properties: ReadonlyArray<{ readonly property_id: number; readonly updated_at: string }>;
}

export interface SourceAPerson {
  readonly person_id: number;
  readonly first_name: string;
  readonly last_name: string;
  readonly email?: string | null;
  readonly phone?: string | null;
  readonly mobile_phone?: string | null;
  readonly photo_url?: string | null;
  readonly description?: RawText;
}

export interface SourceAAddress {
  readonly street?: string | null;
  readonly street_translated?: RawText;
  readonly number?: string | null;
  readonly box?: string | null;
  readonly address_visible?: boolean;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
  readonly geo_precision?: number | null;
  readonly region?: string | null;
  readonly country_code?: string | null;
  readonly city_geo?: {
    readonly city_id?: number | null;
    readonly zip?: string | null;
    readonly city?: string | null;
    readonly city_translated?: RawText;
    readonly latitude?: number | null;
    readonly longitude?: number | null;
  } | null;
}

/** GET /api/v1/property/{id}?extended=true. Energy fields have `_shared` twins for the building. */
export interface SourceAProperty {
  readonly property_id?: number;
  readonly publish?: boolean;
  readonly show?: boolean;
  readonly archived?: boolean;
  readonly deleted?: boolean;
  readonly is_project?: boolean;
  readonly parent_property_id?: number | null;
  readonly child_properties?: readonly number[];
  readonly title?: RawText;
  readonly description?: RawText;
  readonly short_description?: RawText;
  readonly head_type?: string;
  readonly sub_type?: string | null;
  readonly transaction_status_id?: number;
  readonly address?: SourceAAddress;
  readonly responsible_salesrep_person_id?: number | null;
  readonly photos?: ReadonlyArray<{ type_id?: number; url: string; url_thumbnail?: string; index?: number; comment?: RawText }>;
  readonly videos?: ReadonlyArray<{ type_id: number; url: string }>;
  readonly files?: ReadonlyArray<{ type_id?: string; url: string; reference?: RawText }>;
  readonly layout?: ReadonlyArray<{
    room_type_id: number;
    count?: number | null;
    surface?: number | null;
    comment?: RawText;
    floor?: number | null;
    sort?: number;
    custom_index?: number | null;
    custom_name?: RawText;
  }>;
  readonly extra_fields?: ReadonlyArray<{ autoid: number; type: string; name?: RawText; value?: string | null; values?: RawText }>;
  readonly facilities?: readonly string[];
  readonly build_technicals?: ReadonlyArray<{ criteria?: RawText; value?: RawText; comment?: RawText }>;
  readonly sticker?: { id: number; name?: RawText; color?: string | null; color_text?: string | null } | null;
  readonly updated_at?: string;
  /** Every other field is a scalar named in snake_case (price, epc_value, garden_text, …). */
  readonly [field: string]: unknown;
}

/** A viewing appointment as source A's `GET /api/v1/appointments` lists it (every field untrusted). */
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
