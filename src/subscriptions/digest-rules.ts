import { isAvailableStatus } from '../estates/domain/availability.js';
import { enumLabel } from '../estates/domain/enum-labels.js';
import type { Status } from '../estates/domain/estate.js';
import { formatCurrency } from '../estates/domain/format.js';
import type { ListingEventEntity } from '../estates/persistence/listing-event.entity.js';
import type { Translator } from '../i18n/translator.js';
import type { DigestFrequency } from './subscription.entity.js';

const HOUR_MS = 3600_000;

/** How long a frequency waits after a digest before the next; a little less than the period, so a schedule that runs late does not skip a day. */
const WINDOW_MS: Readonly<Record<DigestFrequency, number>> = { instant: 0, daily: 23 * HOUR_MS, weekly: (7 * 24 - 1) * HOUR_MS };

/** Events older than this are not news any more (a week and a day: the longest window and a late run). */
export const DIGEST_LOOKBACK_MS = 8 * 24 * HOUR_MS;

/** Whether a subscriber may get a digest now: instant always, daily and weekly once per window. */
export function isDigestDue(frequency: DigestFrequency, lastDigestAt: Date | null, now: Date): boolean {
  return lastDigestAt === null || now.getTime() - lastDigestAt.getTime() >= WINDOW_MS[frequency];
}

type Event = Pick<ListingEventEntity, 'kind' | 'oldPrice' | 'newPrice' | 'newStatus'>;

/** News for a subscriber: a new listing, a lower price, or a listing offered again (not one that was sold). */
export function isDigestEvent(event: Event): boolean {
  switch (event.kind) {
    case 'NEW':
      return true;
    case 'PRICE':
      return event.oldPrice !== null && event.newPrice !== null && event.newPrice < event.oldPrice;
    case 'STATUS':
      return event.newStatus !== null && isAvailableStatus(event.newStatus as Status);
  }
}

/** What a card in the digest says happened, for one listing's events (first seen wins over a later change). */
export function changeText(events: readonly Event[], t: Translator): string {
  if (events.some((event) => event.kind === 'NEW')) return t.t('subscriptions.mail.change.new');
  const drop = events.find((event) => event.kind === 'PRICE');
  if (drop?.oldPrice != null) return t.t('subscriptions.mail.change.priceDrop', { old: formatCurrency(drop.oldPrice) });
  const status = events.find((event) => event.kind === 'STATUS');
  return t.t('subscriptions.mail.change.status', { status: enumLabel(t, 'status', status?.newStatus ?? '') });
}
