import type { RawText } from '../raw-text.js';

/**
 * Source B: a JSON feed of camelCase records that already use SPEC §3 field names and carry a guid.
 * Nested groups mirror the domain (price, address, technical, comfort, energy, …); texts are
 * per-language maps.
 */
export interface SourceBFeedPage {
  readonly items: readonly SourceBListing[];
  readonly page: number;
  readonly nextPage: number | null;
}

export interface SourceBListing {
  readonly id?: number;
  readonly guid?: string;
  readonly published?: boolean;
  readonly isProject?: boolean;
  readonly title?: RawText;
  readonly description?: RawText;
  readonly shortDescription?: RawText;
  readonly headType?: string;
  readonly subType?: string | null;
  readonly transaction?: { readonly statusId?: number };
  readonly address?: {
    readonly street?: RawText;
    readonly number?: string | null;
    readonly box?: string | null;
    readonly city?: { readonly id?: number | null; readonly zip?: string; readonly name?: string; readonly alias?: RawText; readonly lat?: number | null; readonly lon?: number | null };
    readonly region?: string | null;
    readonly country?: string | null;
    readonly visible?: boolean;
    readonly geoLocation?: { readonly lat: number; readonly lon: number } | null;
    readonly geoPrecision?: number | null;
  };
  readonly price?: Readonly<Record<string, number | string | boolean | null>>;
  readonly sticker?: { readonly id: number; readonly name?: RawText; readonly color?: string | null; readonly colorText?: string | null } | null;
  readonly planning?: Readonly<Record<string, string | null>>;
  readonly technical?: Readonly<Record<string, string | number | boolean | null>>;
  readonly comfort?: Readonly<Record<string, string | number | boolean | null | RawText>>;
  readonly energy?: Readonly<Record<string, string | number | null>>;
  readonly sharedEnergy?: Readonly<Record<string, string | number | null>> | null;
  readonly dimensions?: Readonly<Record<string, number | null | RawText>>;
  readonly ki?: Readonly<Record<string, number | null>>;
  readonly salesRep?: {
    readonly firstname: string;
    readonly lastname: string;
    readonly phone?: string | null;
    readonly mobile?: string | null;
    readonly email?: string | null;
    readonly picture?: string | null;
    readonly description?: RawText;
  } | null;
  readonly pictures?: ReadonlyArray<{ readonly file: string; readonly thumbnail?: string; readonly index?: number; readonly comment?: RawText }>;
  readonly layoutRooms?: ReadonlyArray<{
    readonly typeId: number;
    readonly count?: number | null;
    readonly surface?: number | null;
    readonly comment?: RawText;
    readonly floor?: number | null;
    readonly sort?: number;
    readonly customIndex?: number | null;
    readonly customName?: RawText;
  }>;
  readonly videos?: ReadonlyArray<{ readonly typeId: number; readonly link: string }>;
  readonly files?: ReadonlyArray<{ readonly type?: string; readonly link: string; readonly comment?: RawText }>;
  readonly extraFields?: ReadonlyArray<{ readonly autoid: number; readonly type: string; readonly name?: RawText; readonly value?: string | null; readonly values?: RawText }>;
  readonly facilities?: readonly string[];
  readonly buildTechnicals?: ReadonlyArray<{ readonly criteria?: RawText; readonly value?: RawText; readonly comment?: RawText }>;
  readonly children?: readonly SourceBListing[];
  readonly updatedAt?: string;
  /** General scalars (reference, floor, bedrooms, notarySalery, …) sit at the top level. */
  readonly [field: string]: unknown;
}

/** A viewing appointment as source B's `GET <feed>/appointments` lists it (every field untrusted). */
export interface SourceBAppointment {
  readonly id?: string;
  readonly listingGuid?: string;
  readonly startsAt?: string;
  readonly cancelled?: boolean;
  readonly visitor?: { name?: string; email?: string; phone?: string | null; locale?: string | null };
  readonly agent?: { name?: string; email?: string | null };
}
