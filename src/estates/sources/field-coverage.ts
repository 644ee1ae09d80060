import { isAvailable } from '../domain/availability.js';
import type { Estate } from '../domain/estate.js';
import type { FieldGap } from './estate-source.port.js';

/**
 * What a visitor sees of a listing, field by field, for the go-live check: how many live listings (units included,
 * each is a page) carry it, and which ones lack it. A field only counts where it applies: no energy mention is asked
 * of a plot, a garage or a project as a whole, no planning answers of a rental.
 */
interface CoverageRule {
  readonly field: string;
  readonly label: string;
  readonly applies: (estate: Estate) => boolean;
  readonly has: (estate: Estate) => boolean;
}

const anyText = (text: Readonly<Record<string, string | null | undefined>>) => Object.values(text).some((value) => typeof value === 'string' && value.trim() !== '');
const always = () => true;
const needsEnergy = (estate: Estate) => !estate.isProject && estate.headType !== 'PLOT' && estate.headType !== 'GARAGE';
const forSale = (estate: Estate) => !estate.transaction.forRent && !estate.isProject;
const VIRTUAL_VISIT = 2;

export const COVERAGE_RULES: readonly CoverageRule[] = [
  { field: 'photos', label: 'photos', applies: always, has: (estate) => estate.pictures.length > 0 },
  // A hidden address has no exact point on purpose (the city's point stands in).
  { field: 'coordinates', label: 'map point', applies: (estate) => estate.address.visible, has: (estate) => estate.address.geoLocation !== null },
  { field: 'description', label: 'description', applies: always, has: (estate) => anyText(estate.description) || anyText(estate.shortDescription) },
  {
    field: 'energy',
    label: 'EPC (class or score)',
    applies: needsEnergy,
    has: (estate) => estate.energy.energyLabel !== null || estate.energy.epcValue !== null || estate.energy.customEpcLabel !== null,
  },
  {
    field: 'planning',
    label: 'planning answers',
    applies: forSale,
    has: (estate) => Object.values(estate.planning).some((value) => value !== null),
  },
  { field: 'salesRep', label: 'sales rep', applies: always, has: (estate) => estate.salesRep !== null },
  {
    field: 'availability',
    label: 'availability',
    // When it can be moved into: asked of a listing still on the market, not of a sold one or a project as a whole.
    applies: (estate) => !estate.isProject && isAvailable(estate),
    has: (estate) => estate.technical.available !== null || estate.technical.availableDate !== null,
  },
  { field: 'virtualTour', label: 'virtual tour', applies: always, has: (estate) => estate.videos.some((video) => video.typeId === VIRTUAL_VISIT) },
];

/** Listing ids named per row: enough to open a few in the CRM. */
const FIRST_IDS = 5;

export interface CoverageRow {
  readonly field: string;
  readonly label: string;
  /** Listings the field applies to, and how many of them have it. */
  readonly applies: number;
  readonly have: number;
  readonly firstLacking: readonly string[];
}

export interface GapSummary {
  readonly field: string;
  readonly count: number;
  /** Each reason with how many listings it applied to, most frequent first. */
  readonly reasons: ReadonlyArray<{ readonly reason: string; readonly count: number }>;
  readonly firstIds: readonly string[];
}

/** Counts what each live listing carries (and the gaps its mapping reported) while a source is read. */
export class FieldCoverage {
  private readonly rows = COVERAGE_RULES.map((rule) => ({ rule, applies: 0, have: 0, firstLacking: [] as string[] }));
  private readonly gaps = new Map<string, { count: number; reasons: Map<string, number>; firstIds: string[] }>();

  /** A live listing and its units. */
  add(estate: Estate, gaps: readonly FieldGap[] = []): void {
    for (const listing of [estate, ...estate.children]) {
      for (const row of this.rows) {
        if (!row.rule.applies(listing)) continue;
        row.applies++;
        if (row.rule.has(listing)) row.have++;
        else if (row.firstLacking.length < FIRST_IDS) row.firstLacking.push(listing.sourceId);
      }
    }
    const seen = new Set<string>();
    for (const gap of gaps) {
      const entry = this.gaps.get(gap.field) ?? { count: 0, reasons: new Map<string, number>(), firstIds: [] };
      this.gaps.set(gap.field, entry);
      entry.reasons.set(gap.reason, (entry.reasons.get(gap.reason) ?? 0) + 1);
      if (seen.has(gap.field)) continue;
      seen.add(gap.field);
      entry.count++;
      if (entry.firstIds.length < FIRST_IDS) entry.firstIds.push(estate.sourceId);
    }
  }

  table(): CoverageRow[] {
    return this.rows.map(({ rule, applies, have, firstLacking }) => ({ field: rule.field, label: rule.label, applies, have, firstLacking }));
  }

  gapSummaries(): GapSummary[] {
    return [...this.gaps].map(([field, entry]) => ({
      field,
      count: entry.count,
      reasons: [...entry.reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
      firstIds: entry.firstIds,
    }));
  }
}

/** The table as the go-live check prints it, one row per field: "photos  12/14  lacking: 3515113, 3515114". */
export function describeCoverage(rows: readonly CoverageRow[], gaps: readonly GapSummary[]): string[] {
  const width = Math.max(...rows.map((row) => row.label.length));
  const lines = ['  field coverage (listings that have it / listings it applies to):'];
  for (const row of rows) {
    const ratio = `${row.have}/${row.applies}`.padStart(9);
    const lacking = row.firstLacking.length > 0 ? `  lacking: ${row.firstLacking.join(', ')}${row.applies - row.have > row.firstLacking.length ? ', …' : ''}` : '';
    lines.push(`    ${row.label.padEnd(width)} ${ratio}${row.applies === 0 ? '  (applies to none)' : ''}${lacking}`);
  }
  if (gaps.length > 0) lines.push('  shown without part of their data:');
  for (const gap of gaps) {
    lines.push(`    ${gap.field}: ${gap.count} listings (first: ${gap.firstIds.join(', ')})`);
    for (const { reason, count } of gap.reasons.slice(0, FIRST_IDS)) lines.push(`      ${count} × ${reason}`);
  }
  return lines;
}
