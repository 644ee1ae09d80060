import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { startupFailureText } from './common/startup-error.js';
import { loadConfig } from './config/config.js';
import { createApp } from './create-app.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.get(Logger).log(`Immo is serving on ${config.PUBLIC_BASE_URL} (listening on ${config.HOST}:${config.PORT})`, 'Main');
}

main().catch((error: unknown) => {
  console.error('Immo failed to start:', startupFailureText(error));
  process.exit(1);
});
