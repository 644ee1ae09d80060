import { Inject, Injectable, Logger } from '@nestjs/common';
import type { DigestCardModel } from '../../views/mail/subscription-mails.js';
import { AppConfig } from '../config/config.js';
import { UnitOfWorkService } from '../database/unit-of-work.service.js';
import { EstateDetailService, type FoundEstate } from '../detail/estate-detail.service.js';
import { cardFacts, toEstateCard } from '../estates/display/estate-card.js';
import { EstateRepository } from '../estates/persistence/estate.repository.js';
import type { ListingEventEntity } from '../estates/persistence/listing-event.entity.js';
import type { Translator } from '../i18n/translator.js';
import { TranslationService } from '../i18n/translation.service.js';
import { MailOutboxService } from '../mail/mail-outbox.service.js';
import type { Locale } from '../routing/locales.js';
import { parsePropertyImageUrl, propertyImageVariantUrlOf } from '../routing/routes.js';
import { SearchService } from '../search/search.service.js';
import type { LatLon } from '../search/search-area.js';
import { changeText, DIGEST_LOOKBACK_MS, isDigestDue, isDigestEvent } from './digest-rules.js';
import type { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionRepository } from './subscription.repository.js';
import { describeCriteria, matchesSubscription } from './subscription-criteria.js';
import { SubscriptionService } from './subscription.service.js';

/** Cards in one digest at most: a mail, not a catalogue (the rest waits for the next digest). */
const MAX_CARDS = 20;
/** The photo width digests use: a plain JPEG every mail client shows, sharp on a 600 px column. */
const MAIL_PHOTO_WIDTH = 768;

export interface DigestRunReport {
  /** Subscriptions that got a digest in this run. */
  readonly mailed: number;
}

/**
 * After every sync (and on a schedule, for daily and weekly windows): the listing events since each active
 * subscriber's last digest that match their search become one mail in their language. Each event is delivered to a
 * subscriber once: the (subscription, event) rows are inserted in the transaction that queues the mail, under a lock
 * on the subscription, so a second run or a second replica finds them and sends nothing.
 */
@Injectable()
export class DigestService {
  private readonly logger = new Logger(DigestService.name);

  constructor(
    private readonly unitOfWork: UnitOfWorkService,
    private readonly repository: SubscriptionRepository,
    private readonly estates: EstateRepository,
    private readonly details: EstateDetailService,
    private readonly subscriptions: SubscriptionService,
    private readonly translations: TranslationService,
    private readonly mail: MailOutboxService,
    private readonly search: SearchService,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async run(now = new Date()): Promise<DigestRunReport> {
    const due = (await this.repository.findActive()).filter(
      (subscription) => subscription.confirmedAt !== null && isDigestDue(subscription.frequency, subscription.lastDigestAt, now),
    );
    if (due.length === 0) return { mailed: 0 };
    // Read once for every subscriber, before any transaction (the embedded database has one session: inside a
    // transaction only its manager may query).
    const windowStart = new Date(now.getTime() - DIGEST_LOOKBACK_MS);
    const news = (await this.estates.findEventsSince(windowStart)).filter(isDigestEvent);
    const listings = new Map<number, FoundEstate | null>();
    for (const estateId of new Set(news.map((event) => event.estateId))) listings.set(estateId, await this.details.find(estateId));

    // A radius around a place is drawn from the place's point in the catalogue, as the search draws it.
    const cities = await this.search.cities();
    const placePoint = (place: string) => cities.placePoint(place);
    let mailed = 0;
    for (const subscription of due) if (await this.digestFor(subscription, news, listings, now, placePoint)) mailed++;
    if (mailed > 0) {
      this.mail.kick();
      this.logger.log(`${mailed} digest(s) queued`);
    }
    return { mailed };
  }

  /** One subscriber's digest of the news since they confirmed; false when there was nothing (new) to send. */
  private async digestFor(
    subscription: SubscriptionEntity,
    news: readonly ListingEventEntity[],
    listings: ReadonlyMap<number, FoundEstate | null>,
    now: Date,
    placePoint: (place: string) => LatLon | null,
  ): Promise<boolean> {
    const { id } = subscription;
    const byEstate = new Map<number, { found: FoundEstate; events: ListingEventEntity[] }>();
    for (const event of news) {
      const found = listings.get(event.estateId);
      if (!found || event.occurredAt < subscription.confirmedAt! || !matchesSubscription(found.estate, subscription.criteria, placePoint)) continue;
      const entry = byEstate.get(event.estateId) ?? { found, events: [] };
      entry.events.push(event);
      byEstate.set(event.estateId, entry);
    }
    if (byEstate.size === 0) return false;

    return this.unitOfWork.run(async (manager) => {
      // The lock makes a concurrent run (another replica) wait here, then find this run's deliveries.
      const locked = await this.repository.lock(manager, id);
      if (!locked?.email || locked.status !== 'active' || !isDigestDue(locked.frequency, locked.lastDigestAt, now)) return false;
      const eventIds = [...byEstate.values()].flatMap((entry) => entry.events.map((event) => event.id));
      const delivered = await this.repository.deliveredEventIds(manager, id, eventIds);
      const entries = [...byEstate.values()]
        .map((entry) => ({ ...entry, events: entry.events.filter((event) => !delivered.has(event.id)) }))
        .filter((entry) => entry.events.length > 0)
        .slice(0, MAX_CARDS);
      if (entries.length === 0) return false;

      const locale = locked.locale as Locale;
      const t = this.translations.forLocale(locale);
      const links = await this.subscriptions.links(manager, locked);
      const mailId = await this.mail.queue(manager, {
        to: locked.email,
        locale,
        template: 'subscription-digest',
        headers: SubscriptionService.listUnsubscribeHeaders(links),
        model: {
          name: locked.name ?? '',
          intro: t.t(`subscriptions.mail.digest.intro.${locked.frequency}`),
          cards: entries.map((entry) => this.card(entry.found, entry.events, locale, t)),
          summary: describeCriteria(locked.criteria, t),
          links,
        },
      });
      await this.repository.addDeliveries(
        manager,
        entries.flatMap((entry) => entry.events.map((event) => ({ subscriptionId: id, eventId: event.id, mailId, deliveredAt: now }))),
      );
      await this.repository.update(id, { lastDigestAt: now }, manager);
      return true;
    });
  }

  private card(found: FoundEstate, events: readonly ListingEventEntity[], locale: Locale, t: Translator): DigestCardModel {
    const url = this.absolute(found.paths[locale]);
    const card = toEstateCard(found.estate, t, url);
    return {
      title: card.title,
      url,
      imageUrl: card.photo ? this.mailPhoto(card.photo.src) : null,
      price: card.priceText,
      address: card.addressText,
      facts: cardFacts(card),
      sticker: card.sticker?.text ?? null,
      change: changeText(events, t),
    };
  }

  /** The photo as a JPEG at one width through the site's image path; any other address as it is, made absolute. */
  private mailPhoto(src: string): string {
    const ref = parsePropertyImageUrl(src);
    return this.absolute(ref ? propertyImageVariantUrlOf(ref, MAIL_PHOTO_WIDTH, 'jpg') : src);
  }

  private absolute(path: string): string {
    return new URL(path, this.config.PUBLIC_BASE_URL).toString();
  }
}
