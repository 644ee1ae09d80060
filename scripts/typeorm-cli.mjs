// Runs the TypeORM CLI against DATABASE_URL, or against the embedded database in DATA_DIR served
// on a loopback port for the duration of the command. Usage: node scripts/typeorm-cli.mjs migration:run
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const [command, ...rest] = process.argv.slice(2);
if (!command) {
  console.error('usage: typeorm-cli <migration:run|migration:revert|migration:generate migrations/Name>');
  process.exit(2);
}
const args = command === 'migration:generate' && rest.length === 0 ? ['migrations/Migration'] : rest;

let embedded;
const env = { ...process.env };
if (!env.DATABASE_URL) {
  const { EmbeddedPostgres } = require('../dist/src/database/embedded-postgres.js');
  embedded = await EmbeddedPostgres.start(env.DATA_DIR || '.data');
  env.DATABASE_URL = embedded.url;
  env.IMMO_EMBEDDED_DATABASE = '1';
  console.log(`embedded database in ${env.DATA_DIR || '.data'}`);
}

const cli = require.resolve('typeorm/cli.js');
const child = spawn(process.execPath, [cli, command, ...args, '-d', 'dist/src/data-source.js'], { env, stdio: 'inherit' });
const code = await new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1)));
await embedded?.stop();
process.exit(code);
