import type { LocalizedText } from '../../i18n/localized-text.js';

/** The amenities a unit may have; each has an icon and a label (`holiday.amenities.<name>`). */
export const AMENITIES = [
  'wifi',
  'parking',
  'dishwasher',
  'washingMachine',
  'tv',
  'garden',
  'terrace',
  'seaView',
  'fireplace',
  'petsAllowed',
  'elevator',
  'babyCot',
  'barbecue',
  'sauna',
] as const;
export type Amenity = (typeof AMENITIES)[number];

export const REGIONS = ['coast', 'ardennes', 'city'] as const;
export type Region = (typeof REGIONS)[number];

/** A calendar date, `YYYY-MM-DD`; ranges are [start, end): the end day is the departure day, free again. */
export type IsoDate = string;

export interface DateRange {
  readonly start: IsoDate;
  readonly end: IsoDate;
}

export type RangeKind = 'booked' | 'blocked';

export interface AvailabilityRange extends DateRange {
  readonly kind: RangeKind;
}

/** A period with its prices; `end` is exclusive. Seasons of a unit do not overlap. */
export interface Season extends DateRange {
  readonly name: LocalizedText;
  readonly perNight: number;
  readonly perWeek: number;
  readonly minimumNights: number;
}

export interface Fees {
  readonly cleaning: number;
  /** Refundable, paid apart: not part of the stay's price. */
  readonly deposit: number;
  readonly touristTaxPerPersonNight: number;
}

export interface HolidayPhoto {
  readonly large: string;
  readonly thumb: string;
  readonly alt: LocalizedText;
}

export interface HolidayContact {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
}

/** A holiday rental unit as the domain knows it, whatever source it came from. */
export interface HolidayUnit {
  readonly id: number;
  readonly name: LocalizedText;
  readonly description: LocalizedText;
  readonly houseRules: LocalizedText;
  readonly region: Region;
  readonly address: { readonly street: string; readonly zip: string; readonly city: string; readonly lat: number | null; readonly lon: number | null };
  readonly guests: number;
  readonly bedrooms: number;
  readonly bathrooms: number;
  readonly beds: number;
  readonly amenities: readonly Amenity[];
  /** `HH:MM`. */
  readonly checkIn: string;
  readonly checkOut: string;
  readonly photos: readonly HolidayPhoto[];
  readonly contact: HolidayContact;
  readonly seasons: readonly Season[];
  readonly fees: Fees;
  /** Where the owner's booking platform publishes the unit's calendar, if anywhere. */
  readonly icalUrl: string | null;
}
