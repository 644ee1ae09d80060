import 'reflect-metadata';
import { startupFailureText } from './common/startup-error.js';
import { loadConfig } from './config/config.js';
import { createApp } from './create-app.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.getHttpAdapter().getInstance().log.info(`Immo is serving on ${config.PUBLIC_BASE_URL}`);
}

main().catch((error: unknown) => {
  console.error('Immo failed to start:', startupFailureText(error));
  process.exit(1);
});
