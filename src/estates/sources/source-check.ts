import type { EstateSource, SourceHealth } from './estate-source.port.js';
import { type CoverageRow, describeCoverage, FieldCoverage, type GapSummary } from './field-coverage.js';
import { FetchBudget, type FetchLimits, withFetchBudget } from './http-client.js';
import { cleanSourceRecord } from './record-hygiene.js';

/** What the go-live check found for one source: it stores nothing. */
export interface SourceCheckReport {
  readonly source: string;
  readonly label: string;
  readonly health: SourceHealth;
  /** The read failed (after authenticating): why. */
  readonly readError: string | null;
  /** Listings the site would show (projects count once, their units beside). */
  readonly live: number;
  readonly units: number;
  /** Records the CRM holds that the site would not show, by reason. */
  readonly hidden: Readonly<Record<string, number>>;
  /** Records that could not be mapped: how many, and the first few. */
  readonly errors: number;
  readonly firstErrors: ReadonlyArray<{ readonly sourceId: string; readonly error: string }>;
  /** true: stopped after the sample size, counts are of the sample. */
  readonly sampled: boolean;
  /** For each field a visitor sees, how many live listings have it (units included), and the first lacking it. */
  readonly coverage: readonly CoverageRow[];
  /** The fields listings are shown without, as their mapping reported them (e.g. photos on a host not allowed). */
  readonly gaps: readonly GapSummary[];
}

const FIRST_ERRORS = 5;

/**
 * The operator's go-live check for one source: its health call, then a full read as the sync would do it (same limits),
 * counting what would be shown, hidden and skipped; `sample` stops after that many records.
 */
export async function checkSource(source: EstateSource, limits: FetchLimits, sample?: number): Promise<SourceCheckReport> {
  const health = await source.health();
  const coverage = new FieldCoverage();
  const report = {
    source: source.name,
    label: source.label,
    health,
    readError: null as string | null,
    live: 0,
    units: 0,
    hidden: {} as Record<string, number>,
    errors: 0,
    firstErrors: [] as Array<{ sourceId: string; error: string }>,
    sampled: false,
    coverage: [] as CoverageRow[],
    gaps: [] as GapSummary[],
  };
  if (!health.authenticated) return report;
  const budget = new FetchBudget(limits);
  try {
    await withFetchBudget(budget, async () => {
      let seen = 0;
      for await (const read of source.fetchAll()) {
        const record = cleanSourceRecord(read);
        if (record.ok) {
          report.live++;
          report.units += record.estate.children.length;
          coverage.add(record.estate, record.gaps);
        } else if ('error' in record) {
          report.errors++;
          if (report.firstErrors.length < FIRST_ERRORS) report.firstErrors.push({ sourceId: record.sourceId, error: record.error });
        } else {
          report.hidden[record.hidden] = (report.hidden[record.hidden] ?? 0) + 1;
        }
        if (sample !== undefined && ++seen >= sample) {
          report.sampled = true;
          break;
        }
      }
    });
  } catch (error) {
    report.readError = error instanceof Error ? error.message : String(error);
  }
  report.coverage = coverage.table();
  report.gaps = coverage.gapSummaries();
  return report;
}

/** The report as the CLI prints it. */
export function describeSourceCheck(report: SourceCheckReport): string {
  const head = `source ${report.source} (${report.label}): `;
  if (!report.health.authenticated) return `${head}NOT AUTHENTICATED: ${report.health.problem ?? 'unknown reason'}`;
  const lines = [`${head}authenticated`];
  if (report.readError) lines.push(`  read FAILED: ${report.readError}`);
  lines.push(`  ${report.live} listings would be shown${report.units ? ` (and ${report.units} project units)` : ''}${report.sampled ? ' in the sample read' : ''}`);
  const hidden = Object.entries(report.hidden).sort((a, b) => b[1] - a[1]);
  lines.push(`  ${hidden.reduce((sum, [, count]) => sum + count, 0)} not shown${hidden.length ? ':' : ''}`);
  for (const [why, count] of hidden) lines.push(`    ${count} ${why}`);
  lines.push(`  ${report.errors} skipped as unreadable${report.errors ? ', first:' : ''}`);
  for (const { sourceId, error } of report.firstErrors) lines.push(`    ${sourceId}: ${error}`);
  if (report.live > 0) lines.push(...describeCoverage(report.coverage, report.gaps));
  return lines.join('\n');
}

/** Whether a source passed: authenticated, read, and at least one listing to show. */
export function sourceCheckPassed(report: SourceCheckReport): boolean {
  return report.health.authenticated && report.readError === null && report.live > 0;
}
