import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/config.js';
import { createApp } from './create-app.js';
import { PendingMigrationsError } from './database/migration-state.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.getHttpAdapter().getInstance().log.info(`Immo is serving on ${config.PUBLIC_BASE_URL}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof PendingMigrationsError) {
    console.error(error.message);
  } else {
    console.error('Immo failed to start:', error);
  }
  process.exit(1);
});
