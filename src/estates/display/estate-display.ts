import { langIfOther, type PickedText, pickLocalized, pickText } from '../../i18n/localized-text.js';
import type { Translator } from '../../i18n/translator.js';
import type { Locale } from '../../routing/locales.js';
import { isAvailable } from '../domain/availability.js';
import { enumLabel, roomTypeLabel, subTypeLabel } from '../domain/enum-labels.js';
import { VIRTUAL_VISIT_VIDEO_TYPE_ID } from '../domain/enums.js';
import type { Energy, Estate, ExtraField } from '../domain/estate.js';
import { epcBarPercent, formatArea, formatDate, formatEpc, formatNumber, isStickerSet, showsFloodingIcon } from '../domain/format.js';
import { type DisplayField, fieldLabel, hasDisplayValue } from './display-field.js';
import { hiddenByRule, isWalloon } from './display-rules.js';
import { FIELDS_BY_CODE, type FieldDefinition, formatValue } from './fields.js';
import { type PriceTerms, priceDisplay, pricePerArea } from './price-display.js';
import {
  energyMention,
  type EnergyMention,
  FLANDERS_PLANNING_CODES,
  flandersFlood,
  flandersPlanningApplies, floodText, heritageNotice, planningMention, type PlanningMention, rentalCharges } from './region-rules.js';
import { sanitizeDescription } from './sanitize-description.js';
import { TAB_NAMES, TABS, type TabName } from './tabs.js';

export interface DisplayTab {
  readonly name: TabName;
  readonly title: string;
  readonly fields: readonly DisplayField[];
}

export interface EnergyBlock {
  readonly label: string | null;
  readonly valueText: string | null;
  /** Width of the EPC bar: value / 700, capped at 100 (SPEC §9). */
  readonly barPercent: number;
  readonly customLabel: string | null;
  readonly fields: readonly DisplayField[];
}

export interface LayoutFloor {
  readonly title: string;
  readonly rooms: ReadonlyArray<{ readonly label: string; readonly countText: string; readonly surfaceText: string; readonly comment: string }>;
}

export interface UnitRow {
  readonly id: number;
  readonly title: string;
  /** The title's language when it is not the page's (a fallback): for a `lang` attribute. */
  readonly titleLang?: Locale;
  readonly statusLabel: string;
  readonly available: boolean;
  readonly priceText: string;
  /** "€ 3.571/m²" of the unit's living area; empty where it has none (or is no longer offered). */
  readonly pricePerAreaText: string;
  readonly bedroomsText: string;
  readonly areaText: string;
  readonly path: string;
}

export interface PhotoModel {
  readonly large: string;
  readonly thumb: string;
  readonly alt: string;
}

/**
 * Everything the detail page shows, decided and formatted: views only lay it out. A `…Lang` (or a
 * field's `lang`) is set only when that text fell back to another language than the page's.
 */
export interface EstateDisplayModel {
  readonly id: number;
  readonly title: string;
  readonly titleLang?: Locale;
  readonly typeLabel: string;
  readonly statusLabel: string;
  readonly available: boolean;
  readonly forRent: boolean;
  readonly isProject: boolean;
  readonly reference: string | null;
  /** The one price rule (price-display.ts): header, contact card, cards and unit rows say the same. */
  readonly priceText: string;
  /** The amount behind priceText when the agency shows one (for structured data). */
  readonly priceAmount: number | null;
  readonly priceTerms: PriceTerms;
  /** "€ 2.725/m²" of living area, beside the price (price-display.ts `pricePerArea`); null where it means nothing. */
  readonly pricePerArea: { readonly text: string; readonly label: string } | null;
  readonly address: { readonly lines: readonly string[]; readonly city: string; readonly street: string | null; readonly zip: string; readonly country: string };
  /** Colours checked by the mapper; unset colours mean the default sticker style. */
  readonly sticker: { readonly id: number; readonly text: string; readonly textLang?: Locale; readonly color?: string; readonly colorText?: string } | null;
  /** Sanitized with the allow-list (sanitize-description.ts): the page and the JSON endpoint serve this. */
  readonly descriptionHtml: string;
  readonly descriptionLang?: Locale;
  readonly keyFacts: ReadonlyArray<{ readonly code: string; readonly label: string; readonly text: string }>;
  readonly pictures: readonly PhotoModel[];
  readonly tabs: readonly DisplayTab[];
  readonly salesRep: { readonly name: string; readonly phone: string | null; readonly mobile: string | null; readonly email: string | null; readonly picture: string | null } | null;
  readonly energy: EnergyBlock | null;
  readonly sharedEnergy: EnergyBlock | null;
  readonly planning: { readonly fields: readonly DisplayField[]; readonly floodingIcon: { readonly building: boolean; readonly parcel: boolean } };
  /** What the listing's region requires an advertisement to say (region-rules.ts), shown near the top of the page. */
  readonly regionRules: RegionMentions;
  readonly layout: readonly LayoutFloor[];
  readonly files: ReadonlyArray<{ readonly label: string; readonly href: string }>;
  readonly buildTechnicals: ReadonlyArray<{ readonly criteria: string; readonly value: string; readonly comment: string }>;
  readonly facilities: readonly string[];
  readonly environment: string;
  readonly virtualVisits: readonly string[];
  /** Videos other than the virtual-visit tour (http/https links), to link or embed. */
  readonly videos: ReadonlyArray<{ readonly label: string; readonly href: string }>;
  /** Only when the listing has coordinates and shows its address (no exact point for hidden addresses). */
  readonly map: { readonly lat: number; readonly lon: number } | null;
  readonly units: readonly UnitRow[];
  readonly updatedAt: string;
}

export interface RegionMentions {
  readonly energy: EnergyMention;
  readonly planning: PlanningMention | null;
  /** Flanders: "P-score A · G-score D", with the flood symbol for class D. */
  readonly flood: { readonly text: string; readonly symbol: boolean } | null;
  /** Rentals: the monthly charges, "no charges" or "charges unknown". */
  readonly charges: string | null;
  readonly heritage: string | null;
}

export interface DisplayOptions {
  readonly hiddenTabs?: readonly string[];
  /** The agency's page with planning information (AGENCY_PLANNING_INFO_URL): Brussels listings without a destination link to it. */
  readonly planningInfoUrl?: string | null;
  /** The canonical path of a listing (of a unit when `project` is given). */
  readonly pathFor?: (estate: Estate, project?: Estate) => string;
}

const PLANNING_PREFIX = 'planning.';

/** A date the CRM wrote (yyyy-mm-dd or ISO), or null when there is none or it is no date. */
function parsedDate(value: string | null | undefined): Date | null {
  if (!value || value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * An extra field the agency made for the date a listing is free (a DATE named as our own "available from" field, in
 * the page's language): the same fact as the availability line, which says it once.
 */
function isAvailabilityDateExtra(extra: ExtraField, t: Translator): boolean {
  if (extra.type !== 'DATE') return false;
  const ours = fieldLabel(t, 'technical.availableDate').trim().toLocaleLowerCase(t.locale);
  return extraFieldLabel(extra, t).text.trim().toLocaleLowerCase(t.locale) === ours;
}

/** The date the listing is free: the CRM's availability date, else the agency's extra field for it. */
export function availableFrom(estate: Estate, t: Translator): Date | null {
  const own = parsedDate(estate.technical.availableDate);
  if (own) return own;
  const extra = estate.extraFields.find((item) => isAvailabilityDateExtra(item, t));
  return extra ? parsedDate(extra.value) : null;
}

/**
 * One availability line: "Beschikbaar: vanaf 15/01/2027" when a date is known (a date says more than "at the deed"
 * or "unknown", and never stands beside "unknown"), else the CRM's answer ("Bij akte", "Onmiddellijk").
 */
function availabilityField(estate: Estate, label: string, t: Translator): DisplayField {
  const code = 'technical.available';
  const date = availableFrom(estate, t);
  const value = estate.technical.available;
  if (date) return { code, label, value: date.toISOString().slice(0, 10), text: t.t('display.availableFrom', { date: formatDate(date) }), visible: true };
  const text = hasDisplayValue(value) ? enumLabel(t, 'freeOn', value!) : '';
  return { code, label, value, text, visible: text !== '' };
}

/**
 * The heating line with whether the building shares it: "Verwarming: Aardgas (gemeenschappelijk)". A separate row
 * "Gemeenschappelijke verwarming: Gemeenschappelijk" said its label twice; "not applicable" says nothing.
 */
function heatingField(estate: Estate, label: string, t: Translator): DisplayField {
  const code = 'comfort.heating';
  const { heating, commonHeating } = estate.comfort;
  const source = heating ? enumLabel(t, 'heating', heating) : '';
  const shared = commonHeating === 'COMMON' || commonHeating === 'INDIVIDUAL' ? commonHeating : null;
  const text = source && shared ? t.t('display.heatingShared', { heating: source, shared: t.t(`display.heatingShare.${shared}`) }) : source || (shared ? t.t(`display.heatingShareOnly.${shared}`) : '');
  return { code, label, value: heating ?? commonHeating, text, visible: text !== '' };
}

function displayField(estate: Estate, definition: FieldDefinition, t: Translator): DisplayField {
  const { code } = definition;
  const value = definition.get(estate);
  const label = fieldLabel(t, code);
  // A hidden field carries no value either: the JSON endpoint serves the display model as it is.
  if (hiddenByRule(estate, code)) return { code, label, value: null, text: '', visible: false };

  if (code === 'technical.available') return availabilityField(estate, label, t);
  // Said in the availability line (one line: the date, else the CRM's answer) and in the heating line.
  if (code === 'technical.availableDate' || code === 'comfort.commonHeating') return { code, label, value: definition.get(estate), text: '', visible: false };
  if (code === 'comfort.heating') return heatingField(estate, label, t);
  if (code === 'financial.price') {
    // The same words as the header (a rent's period included); no amount and no "on request": no field.
    const price = priceDisplay(estate, t);
    return { code, label, value: price.amount, text: price.text, visible: price.amount !== null || !estate.price.visible };
  }
  if (!hasDisplayValue(value)) {
    // Missing town-planning answers say so, except in Wallonia where empty planning fields are hidden.
    const notEntered = code.startsWith(PLANNING_PREFIX) && !isWalloon(estate);
    return { code, label, value, text: notEntered ? t.t('display.notEntered') : '', visible: notEntered };
  }
  let text = formatValue(value, definition.kind, t, estate);
  if (definition.companion && (definition.companion.applies?.(estate) ?? true)) {
    const companion = formatValue(definition.companion.get(estate), definition.companion.kind, t, estate);
    if (companion) text = text ? `${text} (${companion})` : companion;
  }
  return { code, label, value, text, visible: text !== '' };
}

/**
 * An extra field's label: the CRM's own in the page's language, else ours
 * (display.extraFields.<autoid>), else the CRM's in another language (marked), else the code.
 */
function extraFieldLabel(extra: ExtraField, t: Translator): PickedText {
  const own = extra.name[t.locale];
  if (typeof own === 'string' && own.trim() !== '') return { text: own, lang: t.locale };
  const ours = `display.extraFields.${extra.autoid}`;
  if (t.has(ours)) return { text: t.t(ours), lang: t.locale };
  const crm = pickLocalized(extra.name, t.locale);
  return crm.lang ? crm : { text: fieldLabel(t, `extra.${extra.autoid}`), lang: t.locale };
}

function extraFields(estate: Estate, t: Translator): DisplayField[] {
  return estate.extraFields.filter((extra) => !isAvailabilityDateExtra(extra, t)).map((extra) => {
    const code = `extra.${extra.autoid}`;
    const label = extraFieldLabel(extra, t);
    let text: string;
    let lang: Locale | undefined;
    switch (extra.type) {
      case 'TEXT':
      case 'BIGTEXT': {
        const value = pickLocalized(extra.values, t.locale);
        text = value.text || (extra.value ?? '');
        lang = value.text ? langIfOther(value, t.locale) : undefined;
        break;
      }
      case 'NUMBER':
        text = extra.value !== null && extra.value !== '' && Number.isFinite(Number(extra.value)) ? formatNumber(Number(extra.value)) : '';
        break;
      case 'BOOLEAN':
        text = extra.value === null ? '' : t.t(extra.value === 'true' || extra.value === '1' ? 'display.yes' : 'display.no');
        break;
      case 'DATE': {
        const date = extra.value ? new Date(extra.value) : null;
        text = date && !Number.isNaN(date.getTime()) ? formatDate(date) : '';
        break;
      }
      default:
        text = extra.value ?? pickText(extra.values, t.locale);
    }
    return {
      code,
      label: label.text,
      ...(langIfOther(label, t.locale) ? { labelLang: langIfOther(label, t.locale) } : {}),
      value: extra.value ?? extra.values,
      text,
      ...(lang ? { lang } : {}),
      visible: text !== '',
    };
  });
}

/** The tabs with their visible fields; a tab listed in hiddenTabs or without visible fields is left out. */
export function buildTabs(estate: Estate, t: Translator, hiddenTabs: readonly string[] = []): DisplayTab[] {
  return TAB_NAMES.filter((name) => !hiddenTabs.includes(name))
    .map((name) => {
      const fields =
        name === 'other'
          ? extraFields(estate, t)
          : (TABS[name] as readonly string[]).map((code) => displayField(estate, FIELDS_BY_CODE.get(code)!, t));
      return { name, title: t.t(`display.tabs.${name}`), fields: fields.filter((item) => item.visible) };
    })
    .filter((tab) => tab.fields.length > 0);
}

/**
 * The CRM's own purchase costs: its registration duty and rate, the notary's fee and the deed's total. The CRM's
 * figures are typed in once by the agency (often an old rate: 3 % beside the Flemish 2 % of 2025, a deed total with
 * the duties at another rate than the calculator's), so where the purchase-cost block shows they are left out: the
 * block is the page's one cost figure, by the region's current rules and the visitor's own situation.
 */
export const CRM_PURCHASE_COST_CODES: ReadonlySet<string> = new Set(['financial.registrationCost', 'financial.registrationPercent', 'notary.notarySalery', 'notary.notaryTotal']);

/** The tabs beside the purchase-cost block: without the CRM's cost rows (a tab they leave empty goes too). */
export function tabsBesidePurchaseCost(tabs: readonly DisplayTab[]): DisplayTab[] {
  return tabs
    .map((tab) => ({ ...tab, fields: tab.fields.filter((item) => !CRM_PURCHASE_COST_CODES.has(item.code)) }))
    .filter((tab) => tab.fields.length > 0);
}

/**
 * The features a printed brochure lists (a page of paper has no room for every row): what a buyer asks first about
 * the building, its comfort and outside, in this order. Energy, town planning and the rooms per floor print in their
 * own sections; bedrooms, bathrooms and the areas are the key facts under the price.
 */
export const BROCHURE_FACT_CODES = [
  'technical.constructionYear',
  'technical.renovationYear',
  'technical.condition',
  'comfort.heating',
  'comfort.kitchenType',
  'comfort.garden',
  'comfort.gardenSurface',
  'comfort.terraceSurface',
  'layout.garages',
  'layout.parkingSpaces',
  'technical.available',
] as const;

/** The brochure's feature rows, taken from the page's own (so they say exactly what the page says), in brochure order. */
export function brochureFacts(tabs: readonly DisplayTab[]): DisplayField[] {
  const byCode = new Map(tabs.flatMap((tab) => tab.fields).map((item) => [item.code, item]));
  return BROCHURE_FACT_CODES.map((code) => byCode.get(code)).filter((item): item is DisplayField => item !== undefined);
}

function energyBlock(energy: Energy | null, estate: Estate, t: Translator): EnergyBlock | null {
  if (!energy || !hasDisplayValue(energy)) return null;
  const codes = TABS.epc as readonly string[];
  const source = { ...estate, energy };
  const fields = codes.map((code) => displayField(source, FIELDS_BY_CODE.get(code)!, t)).filter((item) => item.visible);
  return {
    label: energy.energyLabel ? enumLabel(t, 'energyLabel', energy.energyLabel) || energy.energyLabel : null,
    valueText: energy.epcValue ? formatEpc(energy.epcValue, t) : null,
    barPercent: epcBarPercent(energy.epcValue),
    customLabel: hiddenByRule(estate, 'energy.customEpcLabel') ? null : energy.customEpcLabel,
    fields,
  };
}

export function typeLabel(estate: Estate, t: Translator): string {
  return subTypeLabel(t, estate.headType, estate.subType) || enumLabel(t, 'headType', estate.headType);
}

export function cityName(estate: Estate, t: Translator): string {
  return estate.address.city.alias?.[t.locale]?.trim() || estate.address.city.name;
}

export function streetLine(estate: Estate, t: Translator): string | null {
  if (!estate.address.visible) return null;
  const street = pickText(estate.address.street, t.locale);
  if (!street) return null;
  const box = estate.address.box ? ` ${t.t('display.box')} ${estate.address.box}` : '';
  return `${street} ${estate.address.number ?? ''}`.trim() + box;
}

/** The CRM's title, else "<type> in <city>" in the page's language. */
export function title(estate: Estate, t: Translator): PickedText {
  const own = pickLocalized(estate.title, t.locale);
  if (own.lang) return own;
  const place = t.locale === 'fr' ? 'à' : 'in';
  return { text: `${typeLabel(estate, t)} ${place} ${cityName(estate, t)}`, lang: t.locale };
}

/** `{ [key]: lang }` when the text fell back to another language, else nothing: spread into a model. */
function langOf<K extends string>(key: K, picked: PickedText, locale: Locale): Partial<Record<K, Locale>> {
  const lang = langIfOther(picked, locale);
  return lang ? ({ [key]: lang } as Partial<Record<K, Locale>>) : {};
}

function videos(estate: Estate, t: Translator): EstateDisplayModel['videos'] {
  const others = estate.videos.filter((video) => video.typeId !== VIRTUAL_VISIT_VIDEO_TYPE_ID);
  return others.map((video, index) => ({
    label: others.length > 1 ? t.t('display.videoNumbered', { number: index + 1 }) : t.t('display.video'),
    href: video.link,
  }));
}

function photos(estate: Estate, alt: string): PhotoModel[] {
  return estate.pictures.map((picture, index) => ({
    large: picture.file,
    thumb: picture.thumbnail,
    alt: `${alt} (${index + 1}/${estate.pictures.length})`,
  }));
}

function layout(estate: Estate, t: Translator): LayoutFloor[] {
  const floors = new Map<number | null, Estate['layoutRooms'][number][]>();
  for (const room of [...estate.layoutRooms].sort((a, b) => (a.floor ?? 99) - (b.floor ?? 99) || a.sort - b.sort)) {
    floors.set(room.floor, [...(floors.get(room.floor) ?? []), room]);
  }
  return [...floors.entries()].map(([floor, rooms]) => ({
    title:
      floor === null ? t.t('display.floors.unknown') : floor === 0 ? t.t('display.floors.ground') : floor < 0 ? t.t('display.floors.basement', { floor: -floor }) : t.t('display.floors.upper', { floor }),
    rooms: rooms.map((room) => ({
      label:
        room.customIndex !== null
          ? pickText(room.customName, t.locale) || t.t('enums.customRoom', { index: room.customIndex })
          : roomTypeLabel(t, room.typeId) || fieldLabel(t, `rooms.${room.typeId}`),
      countText: room.count && room.count > 1 ? `${room.count}×` : '',
      surfaceText: room.surface ? formatArea(room.surface) : '',
      comment: pickText(room.comment, t.locale),
    })),
  }));
}

function keyFacts(estate: Estate, t: Translator): EstateDisplayModel['keyFacts'] {
  const facts: Array<{ code: string; label: string; text: string }> = [];
  const add = (code: string, value: number | string | null, text: string) => {
    if (hasDisplayValue(value)) facts.push({ code, label: fieldLabel(t, code), text });
  };
  add('general.bedrooms', estate.bedrooms, formatNumber(estate.bedrooms ?? 0));
  add('general.bathrooms', estate.bathrooms, formatNumber(estate.bathrooms ?? 0));
  add('dimensions.areaBuild', estate.dimensions.areaBuild, formatArea(estate.dimensions.areaBuild ?? 0));
  add('dimensions.areaGround', estate.dimensions.areaGround, formatArea(estate.dimensions.areaGround ?? 0));
  add('energy.energyLabel', estate.energy.energyLabel, enumLabel(t, 'energyLabel', estate.energy.energyLabel) || (estate.energy.energyLabel ?? ''));
  return facts.filter((fact) => fact.text !== '');
}

function sticker(value: NonNullable<Estate['sticker']>, t: Translator): NonNullable<EstateDisplayModel['sticker']> {
  const text = pickLocalized(value.name, t.locale);
  return {
    id: value.id,
    text: text.text,
    ...langOf('textLang', text, t.locale),
    ...(value.color ? { color: value.color } : {}),
    ...(value.colorText ? { colorText: value.colorText } : {}),
  };
}

function unitTitle(unit: Estate, t: Translator): Pick<UnitRow, 'title' | 'titleLang'> {
  const name = title(unit, t);
  return { title: name.text, ...langOf('titleLang', name, t.locale) };
}

function regionMentions(estate: Estate, t: Translator, planningInfoUrl: string | null): RegionMentions {
  const flood = flandersFlood(estate);
  const floodLine = flood ? floodText(flood, t) : null;
  return {
    energy: energyMention(estate, t),
    planning: planningMention(estate, t, planningInfoUrl),
    flood: flood && floodLine ? { text: floodLine, symbol: flood.symbol } : null,
    charges: rentalCharges(estate, t),
    heritage: heritageNotice(estate, t),
  };
}

/**
 * The display model of a listing in the translator's locale. Total: any valid Estate gives a model,
 * whatever is missing.
 */
export function toDisplayModel(estate: Estate, t: Translator, options: DisplayOptions = {}): EstateDisplayModel {
  const name = title(estate, t);
  const price = priceDisplay(estate, t);
  const description = pickLocalized(estate.description, t.locale);
  const street = streetLine(estate, t);
  const city = cityName(estate, t);
  const planningFields = (TABS.planning as readonly string[])
    .map((code) => displayField(estate, FIELDS_BY_CODE.get(code)!, t))
    // Where the five Flemish questions show (region-rules.ts), the fields they answer are not listed twice.
    .filter((item) => item.visible && !(flandersPlanningApplies(estate) && FLANDERS_PLANNING_CODES.has(item.code)));
  const walloon = isWalloon(estate);
  const rep = estate.salesRep;
  const geo = estate.address.geoLocation;
  return {
    id: estate.id,
    title: name.text,
    ...langOf('titleLang', name, t.locale),
    typeLabel: typeLabel(estate, t),
    statusLabel: enumLabel(t, 'status', estate.transaction.status),
    available: isAvailable(estate),
    forRent: estate.transaction.forRent,
    isProject: estate.isProject,
    reference: estate.reference,
    priceText: price.text,
    priceAmount: price.amount,
    priceTerms: { from: price.from, vatExcluded: price.vatExcluded, period: price.period },
    pricePerArea: pricePerArea(estate, t),
    address: {
      lines: [street, `${estate.address.city.zip} ${city}`].filter((line): line is string => !!line),
      city,
      street,
      zip: estate.address.city.zip,
      country: estate.address.country,
    },
    sticker: estate.sticker && isStickerSet(estate.sticker) ? sticker(estate.sticker, t) : null,
    descriptionHtml: description.text ? sanitizeDescription(description.text) : '',
    ...langOf('descriptionLang', description, t.locale),
    keyFacts: keyFacts(estate, t),
    pictures: photos(estate, name.text),
    tabs: buildTabs(estate, t, options.hiddenTabs),
    salesRep: rep
      ? { name: `${rep.firstname} ${rep.lastname}`.trim(), phone: rep.phone, mobile: rep.mobile, email: rep.email, picture: rep.picture }
      : null,
    energy: energyBlock(estate.energy, estate, t),
    sharedEnergy: energyBlock(estate.sharedEnergy, estate, t),
    planning: {
      fields: planningFields,
      floodingIcon: {
        building: !walloon && showsFloodingIcon(estate.planning.floodingScoreBuilding),
        parcel: !walloon && showsFloodingIcon(estate.planning.floodingScoreParcel),
      },
    },
    regionRules: regionMentions(estate, t, options.planningInfoUrl ?? null),
    layout: layout(estate, t),
    files: estate.files.map((file) => ({
      label: pickText(file.comment, t.locale) || enumLabel(t, 'fileType', file.type) || t.t('display.file'),
      href: file.link,
    })),
    buildTechnicals: estate.buildTechnicals
      .map((item) => ({ criteria: pickText(item.criteria, t.locale), value: pickText(item.value, t.locale), comment: pickText(item.comment, t.locale) }))
      .filter((item) => item.criteria !== ''),
    facilities: estate.facilities.map((code) => (t.has(`display.facilities.${code}`) ? t.t(`display.facilities.${code}`) : code)),
    environment: enumLabel(t, 'environment', estate.comfort.environment),
    virtualVisits: estate.videos.filter((video) => video.typeId === VIRTUAL_VISIT_VIDEO_TYPE_ID).map((video) => video.link),
    videos: videos(estate, t),
    map: geo && estate.address.visible ? { lat: geo.lat, lon: geo.lon } : null,
    units: estate.children.map((unit) => ({
      id: unit.id,
      ...unitTitle(unit, t),
      statusLabel: enumLabel(t, 'status', unit.transaction.status),
      available: isAvailable(unit),
      priceText: isAvailable(unit) ? priceDisplay(unit, t).text : '',
      pricePerAreaText: pricePerArea(unit, t)?.text ?? '',
      bedroomsText: unit.bedrooms ? formatNumber(unit.bedrooms) : '',
      areaText: unit.dimensions.areaBuild ? formatArea(unit.dimensions.areaBuild) : '',
      path: options.pathFor?.(unit, estate) ?? '',
    })),
    updatedAt: estate.updatedAt,
  };
}
