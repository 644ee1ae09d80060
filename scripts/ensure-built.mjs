// Before an operator command (npm run sync, crm:check, migration:*, mail:retry, listings:check, gdpr:erase,
// settings): the command runs the built server in dist/, as the replicas do, and never rebuilds it under them.
// dist/ is built here only when it is missing or older than the sources (a fresh clone, a `git pull` not yet built):
// `npm run build:server` once, said on stderr. In the image (no sources, no TypeScript) nothing is built; a missing
// dist/ is a broken image and says so. Exit 1 also on the wrong Node (scripts/ensure-node.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkNode } from './ensure-node.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** What tsconfig.build.json compiles, and the settings it compiles with. */
const SOURCES = ['src', 'views', 'migrations', 'tsconfig.json', 'tsconfig.build.json'];
const BUILT = join(root, 'dist/src/main.js');

/** The newest modification time under `path` (a file or a directory tree), 0 when it does not exist. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

checkNode();
const hasSources = existsSync(join(root, 'src'));
const built = existsSync(BUILT) ? statSync(BUILT).mtimeMs : undefined;
if (!hasSources) {
  if (built === undefined) {
    console.error(`${BUILT} is missing and there are no sources to build it from: rebuild the image (docker build).`);
    process.exit(1);
  }
} else {
  const sources = Math.max(...SOURCES.map((path) => newest(join(root, path))));
  if (built === undefined || sources > built) {
    console.error(built === undefined ? 'dist/ is not built yet: npm run build:server (once)' : 'the sources are newer than dist/: npm run build:server (once)');
    const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
    try {
      execFileSync(npm[0], [...npm[1], 'run', '--silent', 'build:server'], { cwd: root, stdio: ['ignore', 2, 'inherit'] });
    } catch {
      process.exit(1);
    }
  }
}
