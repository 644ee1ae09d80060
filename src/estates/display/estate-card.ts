import { langIfOther, pickLocalized } from '../../i18n/localized-text.js';
import type { Translator } from '../../i18n/translator.js';
import type { Locale } from '../../routing/locales.js';
import { stickerClass } from '../../theme/theme-css.js';
import { isAvailable } from '../domain/availability.js';
import { enumLabel } from '../domain/enum-labels.js';
import type { Estate } from '../domain/estate.js';
import { estatePath } from '../domain/slug.js';
import { formatArea, formatCurrency, isStickerSet } from '../domain/format.js';
import { cityName, streetLine, title, typeLabel } from './estate-display.js';
import { type BadgeRules, badgeVersion, type CardBadge, cardBadges } from './price-history.js';
import { priceDisplay } from './price-display.js';
import { energyMention, rentalCharges } from './region-rules.js';

/** A project on a card: one card for the project, its units summed up. */
export interface ProjectSummary {
  /** Units still available (sold or rented ones are not counted). */
  readonly availableUnits: number;
  /** "4 available units" in the page's language. */
  readonly unitsText: string;
  /** "€ 210.000,00 – € 520.000,00" over the available units with a price shown; null when fewer than two prices differ. */
  readonly priceRangeText: string | null;
}

/**
 * The one listing card (search results, similar estates, favourites, alert mails): decided and formatted here,
 * laid out by views/components/estate-card.tsx. Texts are in the translator's locale; `…Lang` marks a fallback.
 */
export interface EstateCard {
  readonly id: number;
  readonly path: string;
  readonly title: string;
  readonly titleLang?: Locale;
  readonly typeLabel: string;
  readonly statusLabel: string;
  /** false for sold, rented or taken over: the card says so and looks it. */
  readonly available: boolean;
  readonly sticker: { readonly text: string; readonly textLang?: Locale; readonly className: string | null } | null;
  /** The price rule of price-display.ts ("Vanaf € …" for a project). */
  readonly priceText: string;
  readonly priceAmount: number | null;
  /** Street and number only when the agency shows them; always the zip and the city in the page's language. */
  readonly addressText: string;
  readonly city: string;
  readonly bedroomsText: string | null;
  readonly areaText: string | null;
  /** The region's short energy mention ("EPC C · 245 kWh/m²", "PEB C · 32 kg CO2/m²"), null when there is none. */
  readonly energyText: string | null;
  /** A rental's monthly charges, or "no charges" / "charges unknown"; null for a sale. */
  readonly chargesText: string | null;
  readonly photo: { readonly src: string; readonly alt: string } | null;
  readonly project: ProjectSummary | null;
  /** Where the listing is, for the results map; null without coordinates (or when the address is hidden: no exact point). */
  readonly geo: { readonly lat: number; readonly lon: number } | null;
  /** "New", "Price reduced" (price-history.ts cardBadges): none where the caller gives no badge rules. */
  readonly badges: readonly CardBadge[];
}

function projectSummary(estate: Estate, t: Translator): ProjectSummary | null {
  if (!estate.isProject) return null;
  const units = estate.children.filter(isAvailable);
  const amounts = units
    .map((unit) => priceDisplay(unit, t).amount)
    .filter((amount): amount is number => amount !== null)
    .sort((a, b) => a - b);
  const low = amounts[0];
  const high = amounts[amounts.length - 1];
  return {
    availableUnits: units.length,
    unitsText: t.t('search.card.availableUnits', { count: units.length }),
    priceRangeText: low !== undefined && high !== undefined && low !== high ? `${formatCurrency(low)} – ${formatCurrency(high)}` : null,
  };
}

function cardSticker(estate: Estate, t: Translator): EstateCard['sticker'] {
  const value = estate.sticker;
  if (!value || !isStickerSet(value)) return null;
  const text = pickLocalized(value.name, t.locale);
  if (!text.text) return null;
  const lang = langIfOther(text, t.locale);
  return {
    text: text.text,
    ...(lang ? { textLang: lang } : {}),
    className: value.color && value.colorText ? stickerClass({ color: value.color, colorText: value.colorText }) : null,
  };
}

/**
 * The card of a listing (a project with its visible units: see domain/visibility.ts) linking to `path`. With `badges`
 * (the settings and today's date) it carries its "new" and "price reduced" badges.
 */
export function toEstateCard(estate: Estate, t: Translator, path: string, badges?: BadgeRules): EstateCard {
  const name = title(estate, t);
  const titleLang = langIfOther(name, t.locale);
  const price = priceDisplay(estate, t);
  const city = cityName(estate, t);
  const street = streetLine(estate, t);
  const first = [...estate.pictures].sort((a, b) => a.index - b.index)[0];
  const geo = estate.address.geoLocation;
  return {
    id: estate.id,
    path,
    title: name.text,
    ...(titleLang ? { titleLang } : {}),
    typeLabel: typeLabel(estate, t),
    statusLabel: enumLabel(t, 'status', estate.transaction.status),
    available: isAvailable(estate),
    sticker: cardSticker(estate, t),
    priceText: price.text,
    priceAmount: price.amount,
    addressText: [street, `${estate.address.city.zip} ${city}`.trim()].filter((part) => !!part).join(', '),
    city,
    bedroomsText: estate.bedrooms && estate.bedrooms > 0 ? t.t('display.bedroomsCount', { count: estate.bedrooms }) : null,
    areaText: estate.dimensions.areaBuild && estate.dimensions.areaBuild > 0 ? formatArea(estate.dimensions.areaBuild) : null,
    energyText: energyMention(estate, t).short,
    chargesText: rentalCharges(estate, t),
    photo: first ? { src: first.file, alt: name.text } : null,
    project: projectSummary(estate, t),
    geo: geo && estate.address.visible ? { lat: geo.lat, lon: geo.lon } : null,
    badges: cardBadges(estate, badges, t),
  };
}

const ownCards = new WeakMap<Estate, Map<Translator, { readonly badges: string; readonly card: EstateCard }>>();

/**
 * The card of a listing linking to its own page, made once per listing object and language. A card is a pure
 * function of both, and the listing objects live in the caches that read them (a search's results, the listing
 * cache behind the detail pages), so a results page or a similar-estates fragment that misses the render cache
 * shows them again without formatting prices, labels and slugs again (a sixth of a home page's miss). The cards go
 * when their listing object does: a sync replaces the listings it changed.
 */
export function listingCard(estate: Estate, t: Translator, badges?: BadgeRules): EstateCard {
  let byTranslator = ownCards.get(estate);
  if (!byTranslator) {
    byTranslator = new Map();
    ownCards.set(estate, byTranslator);
  }
  // The badges change with the day and the settings: a card made under other rules is made again.
  const rules = badges ? badgeVersion(badges) : '';
  let made = byTranslator.get(t);
  if (!made || made.badges !== rules) {
    made = { badges: rules, card: toEstateCard(estate, t, estatePath(estate, t), badges) };
    byTranslator.set(t, made);
  }
  return made.card;
}

/** "3 bedrooms · 145 m² · EPC C · 245 kWh/m²": the facts a card lists, for text-only places (mails, map popups). */
export function cardFacts(card: EstateCard): string[] {
  return [card.chargesText, card.bedroomsText, card.areaText, card.energyText].filter((fact): fact is string => fact !== null);
}
