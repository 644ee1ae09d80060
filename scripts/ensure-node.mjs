// The project's own Node: the major of package.json's engines (.nvmrc, the Dockerfile's image), whatever Node the
// machine has. Plain JavaScript that any Node since 14 runs, since it runs before the right one is there.
//   node scripts/ensure-node.mjs install   (npm's postinstall) on another major, installs the official binary from
//       the npm registry (node-<platform>-<arch>, as CI does) into node_modules/.node<major> and links it as
//       node_modules/.bin/node, which npm puts first on the PATH of every script: `npm start`, `npm test` and the
//       operator scripts then run on it. On the right major it does nothing (CI, the Docker build). If it cannot
//       (offline, an unknown platform) it says so in one line and the install goes on.
//   node scripts/ensure-node.mjs           (prestart, pretest) exits 1 with one line saying what to install when the
//       `node` a script runs is not that major (scripts/ensure-built.mjs too, before each operator command).
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, unlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const range = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
const wanted = range.match(/\d+/)[0];
const major = (version) => version.replace(/^v/, '').split('.')[0];

function neededLine(version) {
  return `Immo needs Node ${wanted} (package.json engines ${range}, .nvmrc) and this is Node ${version}: ` +
    `run \`npm install\` with access to the npm registry (it fetches Node ${wanted} into node_modules), ` +
    `or install Node ${wanted} (\`nvm install\` in this directory, or https://nodejs.org) and use it.`;
}

/** The version a node binary reports, or undefined when it does not run. */
function versionOf(binary) {
  try {
    return execFileSync(binary, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

function install() {
  if (major(process.version) === wanted) return;
  const link = join(root, 'node_modules', '.bin', 'node');
  if (existsSync(link) && major(versionOf(link) ?? '') === wanted) return;
  const platform = { linux: 'linux', darwin: 'darwin' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!platform || !arch) {
    console.warn(neededLine(process.version));
    return;
  }
  const name = `node-${platform}-${arch}`;
  const prefix = join(root, 'node_modules', `.node${wanted}`);
  const binary = join(prefix, 'node_modules', name, 'bin', 'node');
  console.log(`This machine runs Node ${process.version}; fetching Node ${wanted} (${name}@${range}) from the npm registry for this project's scripts.`);
  try {
    mkdirSync(prefix, { recursive: true });
    // The same npm that runs this install (npm_execpath), else the one on the PATH.
    const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
    execFileSync(npm[0], [...npm[1], 'install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', prefix, `${name}@${range}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_config_(global|prefix|location)$/i.test(key))),
    });
    const version = versionOf(binary);
    if (major(version ?? '') !== wanted) throw new Error(`${binary} does not run`);
    mkdirSync(dirname(link), { recursive: true });
    if (existsSync(link) || isLink(link)) unlinkSync(link);
    symlinkSync(relative(dirname(link), binary), link);
    console.log(`Node ${version} is node_modules/.bin/node: npm start, npm test and npm run … use it.`);
  } catch (error) {
    console.warn(`Could not fetch Node ${wanted} (${error.message.split('\n')[0]}). ${neededLine(process.version)}`);
  }
}

function isLink(path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Exits 1 with the line saying what to install when this Node is not the project's major. */
export function checkNode() {
  if (major(process.version) === wanted) return;
  console.error(neededLine(process.version));
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === 'install') install();
  else checkNode();
}
