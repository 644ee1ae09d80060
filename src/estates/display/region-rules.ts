import type { Translator } from '../../i18n/translator.js';
import { pickText } from '../../i18n/localized-text.js';
import { enumLabel } from '../domain/enum-labels.js';
import type { Estate, Region } from '../domain/estate.js';
import { formatCurrency, formatNumber, showsFloodingIcon } from '../domain/format.js';

/**
 * The Belgian regions' rules for what an advertisement must say (README "Belgian listing rules"), one
 * named function per rule, chosen by the listing's region. Each rule decides from the domain alone what it
 * shows and what is missing, so the detail page, the cards and the compliance report (`complianceGaps`,
 * `npm run listings:check`) never disagree. Missing data never hides a listing: the rule says what it has.
 */

/** The rules the compliance report groups by. */
export type ListingRule = 'flandersEnergy' | 'brusselsEnergy' | 'walloniaEnergy' | 'flandersPlanning' | 'brusselsPlanning' | 'flandersFlood' | 'rentalCharges';

export interface ComplianceGap {
  readonly rule: ListingRule;
  /** What the CRM should fill in, e.g. 'epcScore', 'co2', 'planning.presaleRight'. */
  readonly missing: string;
}

/** Which region's energy facts a listing must show, decided without a translator. */
export interface EnergyFacts {
  readonly region: Region | null;
  /** The class (A+ … G); null when none or, in Brussels and Wallonia, "in progress". */
  readonly label: string | null;
  readonly epcValue: number | null;
  readonly co2: number | null;
  readonly certificate: string | null;
  /** "UC: 245" from a Flemish certificate number, when it parses. */
  readonly uniqueCode: string | null;
  readonly eLevel: number | null;
  readonly missing: readonly string[];
}

const isPositive = (value: number | null): value is number => value !== null && value > 0;

/**
 * The unique code of a Flemish EPC: the second group of its number without leading zeros
 * (20081101-0000000245-00000015 → "UC: 245"); null when the reference does not have that shape.
 */
export function epcUniqueCode(reference: string | null): string | null {
  const match = /^\s*\d{8}-(\d+)-\d+\s*$/.exec(reference ?? '');
  if (!match) return null;
  const code = match[1]!.replace(/^0+/, '');
  return code ? `UC: ${code}` : null;
}

/** A new build (a project or one of its units included) must also state its E-level in Flanders. */
export function isNewBuild(estate: Estate): boolean {
  return estate.technical.newBuilding === true || estate.isProject || estate.parentId !== null;
}

/**
 * The full address the Flemish rule accepts instead of the unique code: shown street, house number and, for an
 * apartment, its box number (Energiebesluit: "het volledige adres met huis- en busnummer"; "Kouter 12" names a
 * building, not the flat whose certificate it is).
 */
export function showsFullAddress(estate: Estate): boolean {
  const { address } = estate;
  const needsBox = estate.headType === 'APARTMENT';
  return address.visible && pickText(address.street, 'nl') !== '' && !!address.number?.trim() && (!needsBox || !!address.box?.trim());
}

/** Flanders (Energiebesluit): the score in kWh/m²·year, the full address or "UC: n", and the E-level for new builds. */
export function flandersEnergy(estate: Estate): EnergyFacts {
  const { energy } = estate;
  const uniqueCode = epcUniqueCode(energy.epcReference);
  const newBuild = isNewBuild(estate);
  const missing = [
    ...(isPositive(energy.epcValue) ? [] : ['epcScore']),
    ...(uniqueCode || showsFullAddress(estate) ? [] : ['addressOrUniqueCode']),
    ...(newBuild && !isPositive(energy.eLevel) ? ['eLevel'] : []),
  ];
  return {
    region: 'FLANDERS',
    label: energy.energyLabel,
    epcValue: isPositive(energy.epcValue) ? energy.epcValue : null,
    co2: null,
    certificate: null,
    uniqueCode,
    eLevel: newBuild && isPositive(energy.eLevel) ? energy.eLevel : null,
    missing,
  };
}

/** Brussels (PEB): the class and the CO2 emission in kg/m²·year; "in progress" (no class) is no mention at all. */
export function brusselsEnergy(estate: Estate): EnergyFacts {
  const { energy } = estate;
  const label = energy.energyLabel;
  const co2 = isPositive(energy.co2) ? energy.co2 : null;
  return {
    region: 'BRUSSELS',
    label,
    epcValue: null,
    co2: label ? co2 : null,
    certificate: null,
    uniqueCode: null,
    eLevel: null,
    missing: [...(label ? [] : ['energyClass']), ...(co2 !== null ? [] : ['co2'])],
  };
}

/** Wallonia (PEB): the class, the consumption in kWh/m²·year and the certificate number; never "in progress". */
export function walloniaEnergy(estate: Estate): EnergyFacts {
  const { energy } = estate;
  const label = energy.energyLabel;
  const epcValue = isPositive(energy.epcValue) ? energy.epcValue : null;
  const certificate = energy.epcReference?.trim() || null;
  return {
    region: 'WALLONIA',
    label,
    epcValue: label ? epcValue : null,
    co2: null,
    certificate: label ? certificate : null,
    uniqueCode: null,
    eLevel: null,
    missing: [...(label ? [] : ['energyClass']), ...(epcValue !== null ? [] : ['consumption']), ...(certificate ? [] : ['certificateNumber'])],
  };
}

/** A plot or a garage needs no energy certificate: it shows what it has, and lacks nothing. */
export function needsEnergyCertificate(estate: Estate): boolean {
  return estate.headType !== 'PLOT' && estate.headType !== 'GARAGE';
}

function regionEnergy(estate: Estate): EnergyFacts {
  switch (estate.address.region) {
    case 'FLANDERS':
      return flandersEnergy(estate);
    case 'BRUSSELS':
      return brusselsEnergy(estate);
    case 'WALLONIA':
      return walloniaEnergy(estate);
    default:
      return { ...flandersEnergy(estate), region: null, uniqueCode: null, eLevel: null, missing: [] };
  }
}

/** The energy rule of the listing's region; without a region, the class and score it has (no rule to check). */
export function energyFacts(estate: Estate): EnergyFacts {
  const facts = regionEnergy(estate);
  return needsEnergyCertificate(estate) ? facts : { ...facts, missing: [] };
}

export interface EnergyMention {
  /** Label and text per mention, for the detail page's energy block. */
  readonly lines: ReadonlyArray<{ readonly code: string; readonly label: string; readonly text: string }>;
  /** The short form every card shows: "EPC C · 245 kWh/m²", "PEB C · 32 kg CO2/m²"; null when there is nothing to say. */
  readonly short: string | null;
  /** The class, for the coloured label. */
  readonly label: string | null;
}

const certificateName = (region: Region | null) => (region === 'BRUSSELS' || region === 'WALLONIA' ? region : 'FLANDERS');

/** What the energy rule shows, in the translator's language. */
export function energyMention(estate: Estate, t: Translator): EnergyMention {
  const facts = energyFacts(estate);
  const label = facts.label ? enumLabel(t, 'energyLabel', facts.label) || facts.label : null;
  const kind = certificateName(facts.region);
  const lines: Array<{ code: string; label: string; text: string }> = [];
  const add = (code: string, text: string | null) => {
    if (text) lines.push({ code, label: t.t(`display.regionRules.energy.${code}`), text });
  };
  add('label', label);
  add('score', facts.epcValue !== null ? `${formatNumber(facts.epcValue)} ${t.t('units.epc')}` : null);
  add('co2', facts.co2 !== null ? `${formatNumber(facts.co2)} ${t.t('units.co2')}` : null);
  add('certificate', facts.certificate);
  add('uniqueCode', facts.uniqueCode);
  add('eLevel', facts.eLevel !== null ? `E${formatNumber(facts.eLevel)}` : null);
  const amount =
    facts.region === 'BRUSSELS'
      ? facts.co2 !== null ? `${formatNumber(facts.co2)} ${t.t('display.regionRules.short.co2')}` : null
      : facts.epcValue !== null ? `${formatNumber(facts.epcValue)} ${t.t('display.regionRules.short.epc')}` : null;
  const short = label || amount ? [`${t.t(`display.regionRules.short.${kind}`)}${label ? ` ${label}` : ''}`, amount].filter((part) => !!part).join(' · ') : null;
  return { lines, short, label };
}

/** The five questions of VCRO art. 5.2.6, in the law's order; the measure is a summons or a pending proceeding. */
export const FLANDERS_PLANNING_QUESTIONS = ['permit', 'destination', 'measure', 'preemption', 'subdivision'] as const;
export type FlandersPlanningQuestion = (typeof FLANDERS_PLANNING_QUESTIONS)[number];

function measureAnswer(estate: Estate): string | null {
  const { summons, proceeding } = estate.planning;
  if (summons === 'YES' || proceeding === 'YES') return 'YES';
  return summons ?? proceeding;
}

/** The planning fields the five questions answer: the planning table leaves them out where the questions show. */
export const FLANDERS_PLANNING_CODES: ReadonlySet<string> = new Set([
  'planning.plannedPermission',
  'planning.recentDestination',
  'planning.summons',
  'planning.proceeding',
  'planning.presaleRight',
  'planning.allocationLicense',
]);

/**
 * The CRM's answer to each question. The permit is the urban-development permit (plannedPermission, labelled
 * "stedenbouwkundige vergunning"; buildingLicense is the older building permit); the subdivision permit is
 * allocationLicense ("verkavelingsvergunning"; subdivisionPermit is a change to one).
 */
export function flandersPlanningAnswers(estate: Estate): Record<FlandersPlanningQuestion, string | null> {
  const { planning } = estate;
  return {
    permit: planning.plannedPermission,
    destination: planning.recentDestination,
    measure: measureAnswer(estate),
    preemption: planning.presaleRight,
    subdivision: planning.allocationLicense,
  };
}

/**
 * Flanders, sales: the five questions always show, "not entered" where the CRM has none. The law also
 * covers rentals over nine years; the domain has no lease length, so it applies to sales only.
 */
export function flandersPlanningApplies(estate: Estate): boolean {
  return estate.address.region === 'FLANDERS' && !estate.transaction.forRent;
}

export interface PlanningMention {
  readonly questions: ReadonlyArray<{ readonly code: string; readonly label: string; readonly text: string; readonly entered: boolean }>;
  /** Brussels: the agency's page holding the planning information, offered with a free paper copy (always, beside the destination). */
  readonly infoUrl: string | null;
}

export function flandersPlanning(estate: Estate, t: Translator): PlanningMention['questions'] {
  const answers = flandersPlanningAnswers(estate);
  return FLANDERS_PLANNING_QUESTIONS.map((question) => {
    const value = answers[question];
    const text = value === null ? '' : question === 'destination' ? enumLabel(t, 'recentDestination', value) || value : enumLabel(t, 'planningAnswer', value) || value;
    return {
      code: question,
      label: t.t(`display.regionRules.planning.${question}`),
      text: text || t.t('display.notEntered'),
      entered: text !== '',
    };
  });
}

/**
 * Brussels (CoBAT art. 281): the planning destination AND the planning information, here the agency's page
 * holding it with the offer of a free paper copy. One never stands in for the other: a missing destination shows
 * as not entered, beside the link.
 */
export function brusselsPlanning(estate: Estate, t: Translator, infoUrl: string | null): PlanningMention {
  const destination = estate.planning.recentDestination;
  const text = destination ? enumLabel(t, 'recentDestination', destination) || destination : '';
  const label = t.t('display.regionRules.planning.destination');
  return { questions: [{ code: 'destination', label, text: text || t.t('display.notEntered'), entered: text !== '' }], infoUrl: infoUrl?.trim() || null };
}

/** The planning mention of the listing's region; null where the SPEC's own planning fields say it all (Wallonia). */
export function planningMention(estate: Estate, t: Translator, infoUrl: string | null): PlanningMention | null {
  if (flandersPlanningApplies(estate)) return { questions: flandersPlanning(estate, t), infoUrl: null };
  if (estate.address.region === 'BRUSSELS') return brusselsPlanning(estate, t, infoUrl);
  return null;
}

export interface FloodMention {
  readonly parcel: string | null;
  readonly building: string | null;
  /** A class D score: the flood symbol (SPEC §9: after C). */
  readonly symbol: boolean;
}

/** Flanders: the P (parcel) and G (building) scores, with the flood symbol for class D. */
export function flandersFlood(estate: Estate): FloodMention | null {
  if (estate.address.region !== 'FLANDERS') return null;
  const parcel = estate.planning.floodingScoreParcel?.trim() || null;
  const building = estate.planning.floodingScoreBuilding?.trim() || null;
  return { parcel, building, symbol: showsFloodingIcon(parcel) || showsFloodingIcon(building) };
}

/** "P-score A · G-score D" in the page's language; null when the listing has no scores. */
export function floodText(flood: FloodMention, t: Translator): string | null {
  const parts = [
    flood.parcel ? t.t('display.regionRules.flood.parcel', { score: flood.parcel }) : null,
    flood.building ? t.t('display.regionRules.flood.building', { score: flood.building }) : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : null;
}

/** Every rental: the rent and the monthly charges, or an explicit "no charges" (0) or "charges unknown" (none entered). */
export function rentalCharges(estate: Estate, t: Translator): string | null {
  if (!estate.transaction.forRent) return null;
  const cost = estate.technical.monthlyCost;
  if (cost === null || cost < 0) return t.t('display.regionRules.charges.unknown');
  if (cost === 0) return t.t('display.regionRules.charges.none');
  return t.t('display.regionRules.charges.amount', { amount: formatCurrency(cost) });
}

/** A protected or inventoried property says so near the top of the page, not only in the planning table. */
export function heritageNotice(estate: Estate, t: Translator): string | null {
  if (estate.planning.heritageProtected === 'YES') return t.t('display.regionRules.heritage.protected');
  if (estate.planning.heritageInventoried === 'YES' && estate.address.region !== 'WALLONIA') return t.t('display.regionRules.heritage.inventoried');
  return null;
}

const ENERGY_RULE: Record<Region, ListingRule> = { FLANDERS: 'flandersEnergy', BRUSSELS: 'brusselsEnergy', WALLONIA: 'walloniaEnergy' };

/**
 * What a listing lacks for the rules that apply to it, decided by the same rule functions the pages use.
 * `planningInfoUrl`: the agency's configured planning-information link (Brussels needs it and a destination).
 */
export function complianceGaps(estate: Estate, options: { readonly planningInfoUrl?: string | null } = {}): ComplianceGap[] {
  const gaps: ComplianceGap[] = [];
  const region = estate.address.region;
  if (region) gaps.push(...energyFacts(estate).missing.map((missing) => ({ rule: ENERGY_RULE[region], missing })));
  if (flandersPlanningApplies(estate)) {
    const answers = flandersPlanningAnswers(estate);
    for (const question of FLANDERS_PLANNING_QUESTIONS) {
      if (answers[question] === null) gaps.push({ rule: 'flandersPlanning', missing: question });
    }
  }
  // Brussels needs both: the destination (from the CRM) and the planning information (the agency's link).
  if (region === 'BRUSSELS' && !estate.planning.recentDestination) gaps.push({ rule: 'brusselsPlanning', missing: 'destination' });
  if (region === 'BRUSSELS' && !options.planningInfoUrl?.trim()) gaps.push({ rule: 'brusselsPlanning', missing: 'planningInfo' });
  const flood = flandersFlood(estate);
  if (flood && !flood.parcel) gaps.push({ rule: 'flandersFlood', missing: 'parcelScore' });
  if (flood && !flood.building) gaps.push({ rule: 'flandersFlood', missing: 'buildingScore' });
  if (estate.transaction.forRent && estate.technical.monthlyCost === null) gaps.push({ rule: 'rentalCharges', missing: 'charges' });
  return gaps;
}
