import { isAvailable } from '../domain/availability.js';
import type { Estate } from '../domain/estate.js';
import { complianceGaps, type ListingRule } from './region-rules.js';

/** The rule names the agency reads in the report, in the order the report lists them. */
const RULE_NAMES: Record<ListingRule, string> = {
  flandersEnergy: 'Flanders energy',
  brusselsEnergy: 'Brussels energy',
  walloniaEnergy: 'Wallonia energy',
  flandersPlanning: 'Flanders planning, VCRO art. 5.2.6',
  brusselsPlanning: 'Brussels planning',
  flandersFlood: 'Flanders flood scores',
  rentalCharges: 'Rental charges',
};

/** What the CRM field is called in the agency's words. */
const MISSING_NAMES: Record<string, string> = {
  epcScore: 'EPC score',
  addressOrUniqueCode: 'full address or EPC certificate number',
  eLevel: 'E-level of a new build',
  energyClass: 'energy class (not "in progress")',
  co2: 'CO2 emission',
  consumption: 'energy consumption',
  certificateNumber: 'PEB certificate number',
  permit: 'planning permission',
  destination: 'planning destination',
  planningInfo: 'planning information link with a free paper copy (AGENCY_PLANNING_INFO_URL)',
  measure: 'summons or proceeding',
  preemption: 'pre-emption right',
  subdivision: 'subdivision permit',
  parcelScore: 'P-score (parcel)',
  buildingScore: 'G-score (building)',
  charges: 'monthly charges',
};

export interface ComplianceOptions {
  readonly planningInfoUrl?: string | null;
}

export interface ReportGroup {
  readonly rule: ListingRule;
  readonly missing: string;
  /** "A-1007 (id 1007)": the CRM reference the agency searches for, and the site's id. */
  readonly listings: readonly string[];
}

/** The listings still offered (sold, rented or taken over ones are no longer advertised), a project's units included. */
function liveListings(estates: readonly Estate[]): Estate[] {
  return estates.flatMap((estate) => [estate, ...estate.children]).filter(isAvailable);
}

function listingName(estate: Estate): string {
  return `${estate.reference?.trim() || `${estate.source}-${estate.sourceId}`} (id ${estate.id})`;
}

/** How many live listings lack data some rule needs: the sync's log line. */
export function countListingsWithGaps(estates: readonly Estate[], options: ComplianceOptions = {}): number {
  return liveListings(estates).filter((estate) => complianceGaps(estate, options).length > 0).length;
}

/** The live listings lacking data, grouped by rule and missing item; a listing is never left out for it elsewhere. */
export function complianceReport(estates: readonly Estate[], options: ComplianceOptions = {}): ReportGroup[] {
  const groups = new Map<string, { rule: ListingRule; missing: string; listings: string[] }>();
  for (const estate of liveListings(estates).sort((a, b) => a.id - b.id)) {
    for (const gap of complianceGaps(estate, options)) {
      const key = `${gap.rule}:${gap.missing}`;
      const group = groups.get(key) ?? { rule: gap.rule, missing: gap.missing, listings: [] };
      group.listings.push(listingName(estate));
      groups.set(key, group);
    }
  }
  const order = Object.keys(RULE_NAMES);
  return [...groups.values()].sort((a, b) => order.indexOf(a.rule) - order.indexOf(b.rule));
}

/** The report as the agency reads it: one line per rule and missing item, with every listing concerned. */
export function describeComplianceReport(groups: readonly ReportGroup[], checked: number): string {
  const listings = new Set(groups.flatMap((group) => group.listings)).size;
  const head =
    listings === 0
      ? `${checked} live listings checked: none lacks data a Belgian listing rule needs.`
      : `${checked} live listings checked: ${listings} lack data a Belgian listing rule needs (fill it in the CRM; the site shows them anyway).`;
  const lines = groups.map(
    (group) =>
      `${RULE_NAMES[group.rule]} (${MISSING_NAMES[group.missing] ?? group.missing}) — ${group.listings.length} listing${group.listings.length === 1 ? '' : 's'}: ${group.listings.join(', ')}`,
  );
  return [head, ...lines].join('\n');
}

/** The number of live listings the report checked. */
export function liveListingCount(estates: readonly Estate[]): number {
  return liveListings(estates).length;
}
