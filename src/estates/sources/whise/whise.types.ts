/*
 * The Whise API's shapes as the adapter reads them (https://api.whise.eu/, camelCase JSON). The evidence for every
 * field is in docs/crm/whise.md (a real recorded `v1/estates/list` answer and public clients). CRM data is not
 * trusted: every field is optional and `unknown`; the mapper checks each one.
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
 * One "detail" of an estate (with `ShowDetails`), as the recorded answer shows it: `{ id, value, group, type, label }`,
 * every value a string ("1"/"0" for yes/no, "51.0005742" for a coordinate, "08/18/2025 00:00" for a date). For a
 * list detail (`type` "ground_destination", "possibleFloodType", …) `value` is the chosen item's LABEL in the
 * answer's language and its id is `enum.id`.
 */
export interface WhiseDetail {
  readonly id?: unknown;
  readonly label?: unknown;
  readonly group?: unknown;
  readonly type?: unknown;
  readonly value?: unknown;
  readonly enum?: WhiseIdRef | null;
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

/** A description in one language: `content` is HTML. */
export interface WhiseText {
  readonly languageId?: unknown;
  readonly content?: unknown;
}

/**
 * One estate of `v1/estates/list`, in the recorded answer's shape: dictionary references as objects
 * (`purposeStatus: { id }`, `subCategory: { id }`), texts as lists per language, coordinates and most facts in
 * `details`. A project has `canHaveChildren: true`; its units carry `parentId`.
 */
export interface WhiseEstate {
  readonly id?: unknown;
  readonly parentId?: unknown;
  readonly canHaveChildren?: unknown;
  readonly name?: unknown;
  readonly shortDescription?: unknown;
  readonly longDescription?: unknown;
  readonly referenceNumber?: unknown;
  readonly price?: unknown;
  readonly displayPrice?: unknown;
  readonly purpose?: WhiseIdRef | null;
  readonly purposeStatus?: WhiseIdRef | null;
  readonly category?: WhiseIdRef | null;
  readonly subCategory?: WhiseIdRef | null;
  /** 1 active, 5 archived, 6 deleted. */
  readonly status?: WhiseIdRef | null;
  /** 1 offline, 2 online, 3 estate of the month, 4 realisations, 5 online on the website only. */
  readonly displayStatusId?: unknown;
  readonly country?: WhiseIdRef | null;
  readonly availability?: WhiseIdRef | null;
  readonly availabilityDateTime?: unknown;
  readonly state?: WhiseIdRef | null;
  readonly link3DModel?: unknown;
  readonly linkVirtualVisit?: unknown;
  readonly garden?: unknown;
  readonly gardenArea?: unknown;
  readonly terrace?: unknown;
  readonly garage?: unknown;
  readonly parking?: unknown;
  readonly fronts?: unknown;
  readonly furnished?: unknown;
  readonly address?: unknown;
  readonly number?: unknown;
  readonly box?: unknown;
  readonly zip?: unknown;
  readonly city?: unknown;
  readonly displayAddress?: unknown;
  readonly floor?: unknown;
  readonly rooms?: unknown;
  readonly bedrooms?: unknown;
  readonly bathRooms?: unknown;
  readonly area?: unknown;
  readonly groundArea?: unknown;
  /** A string, sometimes a range ("179-179"). */
  readonly energyValue?: unknown;
  readonly energyClass?: unknown;
  readonly pictures?: unknown;
  readonly representatives?: unknown;
  readonly details?: unknown;
  readonly createDateTime?: unknown;
  readonly updateDateTime?: unknown;
}

/** `POST v1/estates/list`: `Page` is `{ Limit, Offset }`; a page without estates may leave `estates` out. */
export interface WhiseEstateListRequest {
  readonly Filter: Readonly<Record<string, unknown>>;
  readonly Sort?: ReadonlyArray<{ readonly Field: string; readonly Ascending: boolean }>;
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
