import './runtime/compile-cache.js';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { parseArgs } from 'node:util';
import { type CliOutput, EXIT_DONE, EXIT_FAILED, exitWith, runCommand, UsageError } from './runtime/cli.js';
import { type AppConfig, describeDemoSource, loadConfig } from './config/config.js';
import type { SyncReport } from './estates/persistence/estate-sync.service.js';
import { describeSourceSync, EstateSyncService } from './estates/persistence/estate-sync.service.js';
import { createEstateSources } from './estates/sources/create-estate-sources.js';
import { checkSource, describeSourceCheck, sourceCheckPassed } from './estates/sources/source-check.js';
import { SyncModule } from './sync.module.js';

function describe(report: SyncReport): string {
  const lines = report.sources.map((source) => `  ${describeSourceSync(source)}`);
  return [`sync finished in ${report.durationMs} ms; ${report.cached} listings cached`, ...lines].join('\n');
}

/**
 * One sync in a process of its own (no HTTP server, no mail sender): pulls every source once into the cache. What
 * follows from it is queued in the database for the web app: the change feed tells the replicas which pages changed,
 * and the appointment sync queues the visitors' confirmations as a job in its own transaction.
 */
export async function runSync(config: AppConfig, options: { readonly full?: boolean } = {}): Promise<SyncReport> {
  const app = await NestFactory.createApplicationContext(SyncModule.forRoot(config), { bufferLogs: true, abortOnError: false });
  try {
    app.useLogger(app.get(Logger));
    return await app.get(EstateSyncService).syncAll(undefined, options);
  } finally {
    await app.close();
  }
}

/**
 * The go-live check: each configured source's health call and a read as the sync would do it, printed per source.
 * It touches no database. Exit 1 if a source fails (not authenticated, unreadable, or nothing to show), if a source
 * is the demo's fixtures (named so, not as a CRM: nothing of it may go live), or if no CRM is configured.
 */
export async function runCheck(config: AppConfig, sample?: number): Promise<{ text: string; passed: boolean }> {
  const limits = { maxPages: config.SYNC_MAX_PAGES, maxRecords: config.SYNC_MAX_RECORDS, maxBytes: config.SYNC_MAX_BYTES };
  const demo = new Map(config.demoSources.map((entry) => [entry.source as string, entry]));
  const sections: string[] = [];
  let passed = config.crmConfigured && demo.size === 0;
  if (!config.crmConfigured) sections.push('no CRM configured: set SOURCE_A_BASE_URL (Zabun), SOURCE_B_FEED_URL (feed) or WHISE_USERNAME (Whise)');
  for (const source of createEstateSources(config)) {
    const report = await checkSource(source, limits, sample);
    const demoEntry = demo.get(source.name);
    const text = describeSourceCheck(report);
    // The demo's counts stay below its name, never "authenticated" as if a CRM had answered.
    sections.push(demoEntry ? [describeDemoSource(demoEntry), ...text.split('\n').slice(1)].join('\n') : text);
    passed &&= sourceCheckPassed(report);
  }
  return { text: sections.join('\n'), passed };
}

const USAGE = 'usage: npm run sync [-- --full] | npm run crm:check [-- --sample N]';

/** The command line: `--full`, or `--check` with an optional `--sample N`; anything else is a UsageError. */
export function syncOptionsFrom(args: readonly string[]): { readonly full: boolean; readonly check: boolean; readonly sample?: number } {
  let values: { full?: boolean; check?: boolean; sample?: string };
  try {
    ({ values } = parseArgs({ args: [...args], options: { full: { type: 'boolean' }, check: { type: 'boolean' }, sample: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}; ${USAGE}`);
  }
  const sample = values.sample === undefined ? undefined : Number(values.sample);
  if (sample !== undefined && !(Number.isInteger(sample) && sample > 0)) throw new UsageError(`--sample must be a positive whole number; ${USAGE}`);
  if (sample !== undefined && !values.check) throw new UsageError(`--sample goes with --check; ${USAGE}`);
  if (values.full && values.check) throw new UsageError(`--full or --check, not both; ${USAGE}`);
  return { full: values.full === true, check: values.check === true, ...(sample === undefined ? {} : { sample }) };
}

/**
 * `npm run sync`: pulls every source once into the cache and prints what changed (`--full`: a full reconciliation
 * even where an incremental sync is due). `npm run crm:check` (`npm run sync -- --check`): the go-live check. Exit 1
 * when a source fails (or the configuration, or the database), 2 on a wrong argument.
 */
export async function runSyncCli(args: readonly string[], env: NodeJS.ProcessEnv = process.env, out: CliOutput = console): Promise<number> {
  return runCommand(args.includes('--check') ? 'crm:check' : 'sync', out, async (out) => {
    const options = syncOptionsFrom(args);
    const config = loadConfig(env);
    if (options.check) {
      const { text, passed } = await runCheck(config, options.sample);
      out.log(text);
      return passed ? EXIT_DONE : EXIT_FAILED;
    }
    const report = await runSync(config, { full: options.full });
    out.log(describe(report));
    return report.sources.every((source) => source.ok) ? EXIT_DONE : EXIT_FAILED;
  });
}

if (require.main === module) exitWith(runSyncCli(process.argv.slice(2)));
