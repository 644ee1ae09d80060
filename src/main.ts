import './runtime/compile-cache.js';
import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { jsonLogsFromTheStart } from './runtime/logging.js';
import { startupFailureText } from './runtime/startup-error.js';
import { demoOnlyFeatures, describeMemoryBudget, loadConfig } from './config/config.js';
import { createApp } from './create-app.js';
import { GracefulShutdown } from './health/graceful-shutdown.js';
import { staleRatesWarning } from './estates/display/purchase-cost-rates.js';

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

async function main(): Promise<void> {
  const config = loadConfig();
  jsonLogsFromTheStart(config);
  const app = await createApp(config);
  const logger = app.get(Logger);
  logger.log(describeMemoryBudget(config), 'Main');
  const demo = demoOnlyFeatures(config);
  if (demo.length > 0) {
    logger.warn(`Running in production with demo-only settings, fine to try the site, not for real visitors:\n${demo.map((line) => `  - ${line}`).join('\n')}`, 'Main');
  }

  const staleRates = staleRatesWarning(new Date());
  if (staleRates) logger.warn(staleRates, 'Main');

  // This process owns its signals: readiness fails first, then requests drain (see GracefulShutdown).
  const shutdown = new GracefulShutdown(app, config, logger);
  for (const signal of SIGNALS) {
    process.removeAllListeners(signal);
    process.once(signal, () => {
      void shutdown.run(signal).then(
        (outcome) => process.exit(outcome === 'closed' ? 0 : 1),
        (error: unknown) => {
          console.error('Immo failed to shut down cleanly:', error);
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.PORT, host: config.HOST });
  logger.log(`Immo is serving on ${config.PUBLIC_BASE_URL} (listening on ${config.HOST}:${config.PORT})`, 'Main');
}

main().catch((error: unknown) => {
  console.error('Immo failed to start:', startupFailureText(error));
  process.exit(1);
});
