import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { startupFailureText } from './common/startup-error.js';
import { type AppConfig, loadConfig } from './config/config.js';
import type { SyncReport } from './estates/persistence/estate-sync.service.js';
import { EstateSyncService } from './estates/persistence/estate-sync.service.js';
import { SyncModule } from './sync.module.js';

function describe(report: SyncReport): string {
  const lines = report.sources.map((source) =>
    source.ok
      ? `  source ${source.source}: ${source.fetched} fetched, ${source.inserted} new, ${source.updated} updated, ` +
        `${source.unchanged} unchanged, ${source.removed} removed, ${source.skipped.length} skipped`
      : `  source ${source.source}: FAILED (${source.error}); cached listings kept`,
  );
  return [`sync finished in ${report.durationMs} ms; ${report.cached} listings cached`, ...lines].join('\n');
}

/**
 * One sync in a process of its own (no HTTP server, no mail sender): pulls both sources once into the cache. What
 * follows from it is queued in the database for the web app: the change feed tells the replicas which pages changed,
 * and the appointment sync queues the visitors' confirmations as a job in its own transaction.
 */
export async function runSync(config: AppConfig): Promise<SyncReport> {
  const app = await NestFactory.createApplicationContext(SyncModule.forRoot(config), { bufferLogs: true });
  try {
    app.useLogger(app.get(Logger));
    return await app.get(EstateSyncService).syncAll();
  } finally {
    await app.close();
  }
}

/** `npm run sync`: pulls both sources once into the cache and prints what changed. Exit 1 if a source failed. */
async function main(): Promise<void> {
  const report = await runSync(loadConfig());
  console.log(describe(report));
  process.exitCode = report.sources.every((source) => source.ok) ? 0 : 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error('sync failed:', startupFailureText(error));
    process.exit(1);
  });
}
