import type { Translator } from '../../i18n/translator.js';
import { isAvailableStatus } from '../domain/availability.js';
import { enumLabel } from '../domain/enum-labels.js';
import type { Estate, ListingMarks } from '../domain/estate.js';
import { formatCurrency, formatDate } from '../domain/format.js';
import { isPriceDrop, type PriceChange } from '../domain/price-changes.js';
import { publicPrice } from '../domain/visibility.js';

/**
 * A recorded change of a listing, as the sync wrote it (persistence/listing-event.entity.ts): prices are public
 * prices, so a hidden price is null and never reads as a drop.
 */
export interface ListingHistoryEvent extends PriceChange {
  readonly newStatus: string | null;
}

/** Lines of history a detail page shows at most. */
export const HISTORY_LINES = 5;

function isPriceRise(event: Pick<ListingHistoryEvent, 'kind' | 'oldPrice' | 'newPrice'>): boolean {
  return event.kind === 'PRICE' && event.oldPrice !== null && event.newPrice !== null && event.newPrice > event.oldPrice;
}

const BELGIAN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day in Belgium, as 2026-10-12. */
export function belgianDay(date: Date): string {
  return BELGIAN_DAY.format(date);
}

/** Whole calendar days from one Belgian day to another (negative when `to` is earlier). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** What decides the cards' badges: the settings and the day it is in Belgium. */
export interface BadgeRules {
  /** Belgian calendar day (belgianDay). */
  readonly today: string;
  /** Days a listing is "new" after a sync first saw it; 0: no badge. */
  readonly newBadgeDays: number;
  /** Days a listing is "price reduced" after its last price drop; 0: no badge. */
  readonly reducedBadgeDays: number;
}

export function badgeRules(settings: { readonly newBadgeDays: number; readonly reducedBadgeDays: number }, now: Date): BadgeRules {
  return { today: belgianDay(now), newBadgeDays: settings.newBadgeDays, reducedBadgeDays: settings.reducedBadgeDays };
}

/**
 * What the badges of every card depend on, for the versions of pages that show cards: the settings and, while a badge
 * is on, the Belgian day (a badge ends at midnight in Belgium, so a cached page is made again once a day, no more).
 */
export function badgeVersion(rules: BadgeRules): string {
  return rules.newBadgeDays === 0 && rules.reducedBadgeDays === 0 ? 'badges-off' : `${rules.today}/${rules.newBadgeDays}/${rules.reducedBadgeDays}`;
}

function within(date: Date | null, days: number, today: string): boolean {
  if (date === null || days <= 0) return false;
  const age = daysBetween(belgianDay(date), today);
  return age >= 0 && age < days;
}

export type CardBadgeKind = 'new' | 'reduced';

export interface CardBadge {
  readonly kind: CardBadgeKind;
  readonly text: string;
}

/**
 * A card's badges: "new" for `newBadgeDays` calendar days from the day a sync first saw the listing (the first one
 * counting as day 0), "price reduced" likewise after its last price drop. Only a listing on offer has them (a sold one
 * says so instead), and only one whose price is shown has the price one.
 */
export function cardBadges(estate: Pick<Estate, 'transaction' | 'price' | 'marks'>, rules: BadgeRules | undefined, t: Translator): CardBadge[] {
  const marks: ListingMarks | undefined = estate.marks;
  if (!rules || !marks || !isAvailableStatus(estate.transaction.status)) return [];
  const badges: CardBadge[] = [];
  if (within(marks.listedAt, rules.newBadgeDays, rules.today)) badges.push({ kind: 'new', text: t.t('history.badge.new') });
  if (estate.price.visible && within(marks.priceReducedAt, rules.reducedBadgeDays, rules.today)) badges.push({ kind: 'reduced', text: t.t('history.badge.reduced') });
  return badges;
}

export interface HistoryLine {
  /** 2026-10-12, for the time element. */
  readonly dateTime: string;
  /** "Price reduced on 12/10/2026: was € 260.000,00" in the page's language. */
  readonly text: string;
  readonly kind: 'listed' | 'reduced' | 'increased' | 'status';
}

/**
 * The short history of a listing's page, newest first, at most HISTORY_LINES: price drops and rises with the price it
 * was, status changes ("Sold"), and when it was put on the site. A listing whose price is not shown now (price on
 * request) shows no amount and no price line at all: an old price would tell what the agency keeps to itself. The
 * first fill's sighting (`marks.listedAt` null) is no "listed on": the listing was on offer before the site knew it.
 */
export function historyLines(estate: Pick<Estate, 'price' | 'marks'>, events: readonly ListingHistoryEvent[], t: Translator): HistoryLine[] {
  const priceShown = publicPrice(estate as Estate) !== null;
  const listedShown = estate.marks?.listedAt != null;
  const lines: Array<HistoryLine & { readonly at: number; readonly order: number }> = [];
  events.forEach((event, order) => {
    const date = formatDate(event.occurredAt);
    const base = { dateTime: belgianDay(event.occurredAt), at: event.occurredAt.getTime(), order };
    if (event.kind === 'NEW' && listedShown) lines.push({ ...base, kind: 'listed', text: t.t('history.listed', { date }) });
    else if (priceShown && isPriceDrop(event)) lines.push({ ...base, kind: 'reduced', text: t.t('history.priceReduced', { date, price: formatCurrency(event.oldPrice!) }) });
    else if (priceShown && isPriceRise(event)) lines.push({ ...base, kind: 'increased', text: t.t('history.priceIncreased', { date, price: formatCurrency(event.oldPrice!) }) });
    else if (event.kind === 'STATUS' && event.newStatus) {
      const status = enumLabel(t, 'status', event.newStatus);
      if (status) lines.push({ ...base, kind: 'status', text: t.t('history.status', { date, status }) });
    }
  });
  // Newest first; events of one sync in the order it recorded them, read backwards.
  lines.sort((a, b) => b.at - a.at || b.order - a.order);
  return lines.slice(0, HISTORY_LINES).map(({ dateTime, text, kind }) => ({ dateTime, text, kind }));
}
