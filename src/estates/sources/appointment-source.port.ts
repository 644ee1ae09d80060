/**
 * A viewing appointment as a CRM books it (SPEC §2 "cancel appointment"): the visit of one listing, by the CRM's own
 * ids, with the visitor and the agent. `cancelled`: the CRM cancelled it.
 */
export interface SourceAppointment {
  readonly sourceId: string;
  /** The listing's id in the CRM (source A: property id; source B: listing guid). */
  readonly listingSourceId: string;
  readonly startsAt: Date;
  readonly cancelled: boolean;
  readonly visitor: { readonly name: string; readonly email: string; readonly phone: string | null; readonly locale: string | null };
  readonly agent: { readonly name: string; readonly email: string | null };
}

const LOCALES = ['nl', 'fr', 'en', 'de'];

/** A locale the site speaks, or null. */
export function appointmentLocale(value: unknown): string | null {
  return typeof value === 'string' && LOCALES.includes(value) ? value : null;
}

/** Text of at most `max` characters, or null. CRM data is not trusted. */
export function boundedText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text ? text.slice(0, max) : null;
}
