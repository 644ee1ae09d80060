import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FavoriteItem } from '../../views/pages/favorites-page.js';
import { AppConfig } from '../config/config.js';
import { UnitOfWorkService } from '../database/unit-of-work.service.js';
import { EstateDetailService } from '../detail/estate-detail.service.js';
import { toEstateCard } from '../estates/display/estate-card.js';
import { cardFacts } from '../estates/display/estate-card.js';
import { mailboxLimitKey } from '../forms/email-address.js';
import { RateLimitService } from '../forms/rate-limit.service.js';
import { SubmissionLedgerService } from '../forms/submission-ledger.service.js';
import { TranslationService } from '../i18n/translation.service.js';
import { MailOutboxService } from '../mail/mail-outbox.service.js';
import type { Locale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';
import { changeFavorites, decodeFavorites, encodeFavorites, type FavoriteChange, FAVORITES_COOKIE } from './favorites-cookie.js';

const YEAR_SECONDS = 365 * 24 * 3600;
const DAY_SECONDS = 24 * 3600;

/** The visitor's favourites: read from and written to the signed cookie; listings looked up as the site shows them. */
@Injectable()
export class FavoritesService {
  constructor(
    private readonly unitOfWork: UnitOfWorkService,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly details: EstateDetailService,
    private readonly translations: TranslationService,
    private readonly mail: MailOutboxService,
    private readonly ledger: SubmissionLedgerService,
    private readonly rateLimits: RateLimitService,
  ) {}

  ids(request: FastifyRequest): number[] {
    return decodeFavorites(request.cookies[FAVORITES_COOKIE], this.config.COOKIE_SECRET, this.config.FAVORITES_MAX);
  }

  /** Adds or removes a listing and writes the cookie. Only a listing on the site can be added; any id can be removed. */
  async change(request: FastifyRequest, reply: FastifyReply, estateId: number, intent: 'add' | 'remove'): Promise<FavoriteChange | null> {
    if (intent === 'add' && !(await this.details.find(estateId))) return null;
    const change = changeFavorites(this.ids(request), estateId, intent, this.config.FAVORITES_MAX);
    // Readable by the page script (it draws the hearts of cached pages); signed, so the server trusts only its own.
    reply.setCookie(FAVORITES_COOKIE, encodeFavorites(change.ids, this.config.COOKIE_SECRET), {
      path: '/',
      maxAge: YEAR_SECONDS,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      httpOnly: false,
    });
    return change;
  }

  /** Each favourite as a card, or as "no longer available" when the site does not show it any more. */
  async items(ids: readonly number[], locale: Locale): Promise<FavoriteItem[]> {
    const t = this.translations.forLocale(locale);
    // The "new" and "price reduced" badges as on search cards (the page is private: no cache to outlive a day).
    const badges = await this.details.badgeRules();
    return Promise.all(
      ids.map(async (id) => {
        const found = await this.details.find(id);
        return { id, card: found ? toEstateCard(found.estate, t, found.paths[locale], badges) : null, toggleAction: urlFor('favoriteToggle', locale, { estateId: id }) };
      }),
    );
  }

  /**
   * Mails the visitor's favourites to the address they gave (limited per address a day: the form must not mail
   * strangers at volume). The mail is stored (with its job) before the visitor is thanked; a repeat is stored once.
   */
  async mailTo(email: string, ids: readonly number[], locale: Locale): Promise<void> {
    const items = (await this.items(ids, locale)).filter((item) => item.card);
    if (items.length === 0) return;
    // Counted per mailbox: `victim+1@…` is `victim@…`.
    const recipient = mailboxLimitKey(email);
    await this.rateLimits.consume({ name: 'favorites-recipient', points: this.config.SEND_TO_FRIEND_PER_RECIPIENT_PER_DAY, durationSeconds: DAY_SECONDS }, recipient);
    const listings = items.map(({ card }) => ({
      title: card!.title,
      price: card!.priceText,
      address: [card!.addressText, ...cardFacts(card!)].join(' · '),
      url: this.details.absoluteUrl(card!.path),
    }));
    const stored = await this.unitOfWork.run(async (manager) => {
      if (!(await this.ledger.claim(manager, 'favorites-mail', { email: email.toLowerCase(), ids }))) return false;
      await this.mail.queue(manager, { to: email, locale, template: 'favorites', model: { siteName: this.config.AGENCY_NAME, listings } });
      return true;
    });
    if (stored) this.mail.kick();
  }
}
