/*
 * The Whise API's shapes as the adapter reads them (https://api.whise.eu/, camelCase JSON; confirmed against the
 * public client fw4-bvba/whise-api where it shows them). CRM data is not trusted: every field is optional and
 * `unknown` where agencies have been seen to type anything; the mapper checks each one.
 */

/** `POST token` and `POST v1/admin/clients/token` both answer `{ token }`. */
export interface WhiseTokenResponse {
  readonly token?: unknown;
}

/** A reference to one of Whise's dictionaries (`purpose`, `purposeStatus`, `category`, `subcategory`, `country`). */
export interface WhiseIdRef {
  readonly id?: unknown;
}

/**
 * One "detail" of an estate (with `ShowDetails`): its id says what it is, e.g. 2222 possible flooding, 2223 flood
 * area type, 2712 summons, 1736 ground destination; `value` is the chosen item's id for a list detail.
 */
export interface WhiseDetail {
  readonly id?: unknown;
  readonly label?: unknown;
  readonly group?: unknown;
  readonly type?: unknown;
  readonly value?: unknown;
}

export interface WhisePicture {
  readonly id?: unknown;
  readonly order?: unknown;
  readonly urlSmall?: unknown;
  readonly urlLarge?: unknown;
  readonly urlXXL?: unknown;
}

export interface WhiseRepresentative {
  readonly id?: unknown;
  readonly firstName?: unknown;
  readonly name?: unknown;
  readonly email?: unknown;
  readonly phone?: unknown;
  readonly mobile?: unknown;
  readonly pictureUrl?: unknown;
}

/** One estate of `v1/estates/list`. Ids come either flat (`purposeStatusId`) or as an object (`purposeStatus.id`). */
export interface WhiseEstate {
  readonly id?: unknown;
  readonly parentId?: unknown;
  readonly isProject?: unknown;
  readonly name?: unknown;
  readonly shortDescription?: unknown;
  readonly longDescription?: unknown;
  readonly referenceNumber?: unknown;
  readonly price?: unknown;
  readonly displayPrice?: unknown;
  readonly purposeId?: unknown;
  readonly purpose?: WhiseIdRef | null;
  readonly purposeStatusId?: unknown;
  readonly purposeStatus?: WhiseIdRef | null;
  readonly categoryId?: unknown;
  readonly category?: WhiseIdRef | null;
  readonly subcategoryId?: unknown;
  readonly subcategory?: WhiseIdRef | null;
  readonly address?: unknown;
  readonly number?: unknown;
  readonly box?: unknown;
  readonly zip?: unknown;
  readonly city?: unknown;
  readonly displayAddress?: unknown;
  readonly latitude?: unknown;
  readonly longitude?: unknown;
  readonly floor?: unknown;
  readonly rooms?: unknown;
  readonly bedrooms?: unknown;
  readonly bathRooms?: unknown;
  readonly area?: unknown;
  readonly groundArea?: unknown;
  readonly constructionYear?: unknown;
  readonly renovationYear?: unknown;
  readonly energyValue?: unknown;
  readonly energyClass?: unknown;
  readonly epcReference?: unknown;
  readonly co2?: unknown;
  readonly pictures?: unknown;
  readonly representatives?: unknown;
  readonly details?: unknown;
  readonly createDateTime?: unknown;
  readonly updateDateTime?: unknown;
  readonly putOnlineDateTime?: unknown;
}

/** `POST v1/estates/list`: `Page` is `{ Limit, Offset }`; a page without estates may leave `estates` out. */
export interface WhiseEstateListRequest {
  readonly Filter: Readonly<Record<string, unknown>>;
  readonly Sort: ReadonlyArray<{ readonly Field: string; readonly Ascending: boolean }>;
  readonly Page: { readonly Limit: number; readonly Offset: number };
}

export interface WhiseEstateListResponse {
  readonly estates?: unknown;
  readonly totalCount?: unknown;
}

/** One calendar event of `v1/calendars/list`. */
export interface WhiseCalendarEvent {
  readonly id?: unknown;
  readonly startDateTime?: unknown;
  readonly endDateTime?: unknown;
  readonly subject?: unknown;
  readonly estates?: unknown;
  readonly contacts?: unknown;
  readonly users?: unknown;
  readonly action?: WhiseIdRef | null;
  readonly statusId?: unknown;
}

export interface WhiseCalendarListResponse {
  readonly calendars?: unknown;
  readonly totalCount?: unknown;
}

/** What Whise answers with 200 when it refuses a request body (the public client checks it on every answer). */
export interface WhiseValidation {
  readonly isValidRequest?: unknown;
  readonly validationErrors?: unknown;
}
