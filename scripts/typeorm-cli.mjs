// Runs the TypeORM CLI against DATABASE_URL, or against the embedded database in DATA_DIR, which the
// CLI opens in its own process (no socket, no port). After `migration:run` on a server it also
// installs or upgrades the job queue's schema (pg-boss), which the app, like its own tables,
// expects an admin to have migrated. Usage: node scripts/typeorm-cli.mjs migration:run
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const [command, ...rest] = process.argv.slice(2);
// Exit codes as every operator command's (src/runtime/cli.ts): 0 done, 1 failed, 2 a wrong command line.
const COMMANDS = ['migration:run', 'migration:revert', 'migration:show', 'migration:generate'];
if (!COMMANDS.includes(command) || (command !== 'migration:generate' && rest.length > 0)) {
  console.error(`${command ? `unknown command ${[command, ...rest].join(' ')}; ` : ''}usage: node scripts/typeorm-cli.mjs migration:run | migration:revert | migration:show | migration:generate migrations/<Name>`);
  process.exit(2);
}
const args = command === 'migration:generate' && rest.length === 0 ? ['migrations/Migration'] : rest;
if (!process.env.DATABASE_URL) console.log(`embedded database in ${process.env.DATA_DIR || '.data'}`);

const cli = require.resolve('typeorm/cli.js');
const child = spawn(process.execPath, [cli, command, ...args, '-d', 'dist/src/data-source.js'], { stdio: 'inherit' });
let code = await new Promise((resolve) => child.on('exit', (status) => resolve(status ?? 1)));

if (code === 0 && command === 'migration:run' && process.env.DATABASE_URL) {
  const { migrateJobQueue } = require('../dist/src/jobs/job-queue.service.js');
  try {
    await migrateJobQueue(process.env.DATABASE_URL);
    console.log('job queue schema (pg-boss) is up to date');
  } catch (error) {
    console.error('job queue schema migration failed:', error);
    code = 1;
  }
}
process.exit(code);
