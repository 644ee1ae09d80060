// The Docker image's recipe, proven without Docker (CI has none). Reads the Dockerfile itself, so the two stay in step:
//   1. the tracked files (git ls-files; in CI the committed tree) minus .dockerignore are the build context;
//   2. the build stage's COPY and RUN lines run in a scratch directory (npm ci, build, prune);
//   3. the runtime stage's COPY --from=build lines copy into a second scratch directory, files owned by root;
//   4. there, as an unprivileged user with the stage's ENV, a fresh DATA_DIR and a free PORT: the migration CLI and
//      two operator commands from dist/ (settings list exits 0, mail:retry of an unknown id exits 1), then the CMD;
//      /readyz must answer 200 within 60 s, a listing page with its assets and photo too, the sitemap's links on
//      http://localhost:<PORT> (no PUBLIC_BASE_URL: the public URL follows PORT), the HEALTHCHECK command must pass,
//      SIGTERM must stop the server, and every line it wrote to stdout must be JSON (production logs, from the first).
// Usage (as root, so the server can run as nobody): node scripts/ci-image-recipe.mjs   KEEP_SCRATCH=1 keeps the dirs.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const say = (text) => console.log(`[image recipe] ${text}`);

class RecipeError extends Error {}

/** Instructions of each stage, continuation lines joined, comments dropped. */
function parseDockerfile(text) {
  const stages = [];
  const logical = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/).map((line) => line.trim());
  for (const line of logical) {
    if (line === '' || line.startsWith('#')) continue;
    const [, keyword, args] = line.match(/^(\S+)\s*(.*)$/);
    const instruction = { keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ').trim() };
    if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.args.split(' ');
      stages.push({ image, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stages.length === 0) {
      throw new RecipeError(`Dockerfile: ${instruction.keyword} before FROM`);
    } else {
      stages.at(-1).instructions.push(instruction);
    }
  }
  return stages;
}

/** `--flag=value` options in front of an instruction's arguments. */
function splitFlags(args) {
  const flags = {};
  let rest = args;
  for (let match; (match = rest.match(/^--([a-z-]+)(?:=(\S+))?\s*/)); rest = rest.slice(match[0].length)) {
    flags[match[1]] = match[2] ?? true;
  }
  return { flags, rest };
}

/** `ENV A=1 B=2` (unquoted values only: anything fancier must be taught here first). */
function parseEnv(args) {
  return Object.fromEntries(args.split(' ').map((pair) => {
    const match = pair.match(/^([A-Za-z_][A-Za-z0-9_]*)=([^"'\s]*)$/);
    if (!match) throw new RecipeError(`Dockerfile: ENV "${pair}" is not KEY=value`);
    return [match[1], match[2]];
  }));
}

/** The image, .nvmrc, package.json's engines and the Node running this recipe (and so CI's tests) are one major. */
function checkNodeMajor(stages) {
  const want = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
  for (const stage of stages) {
    const tag = stage.image.match(/^node:(\d+)/)?.[1];
    if (tag !== want) throw new RecipeError(`Dockerfile: FROM ${stage.image} is not Node ${want} (.nvmrc)`);
  }
  const engines = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines?.node ?? '';
  if (!engines.match(new RegExp(`^\\^${want}\\.`))) throw new RecipeError(`package.json engines.node "${engines}" is not Node ${want} (.nvmrc)`);
  const running = process.versions.node.split('.')[0];
  if (running !== want) throw new RecipeError(`this host runs Node ${process.version}, not Node ${want} (.nvmrc): CI must test on the image's runtime`);
}

/** A path inside the image (absolute, or relative to WORKDIR) as a path in the scratch directory standing for /. */
function hostPath(scratchRoot, workdir, containerPath) {
  const absolute = posix.resolve(workdir, containerPath);
  return join(scratchRoot, absolute) + (containerPath.endsWith('/') ? '/' : '');
}

/**
 * Docker's COPY: a directory's contents go to dest, a file into dest when dest ends with a slash. `link` makes hard
 * links instead (same bytes, owner and mode, without copying node_modules again) where nothing writes afterwards.
 */
function copy(source, dest, { link = false } = {}) {
  if (!existsSync(source)) throw new RecipeError(`COPY: ${source} does not exist`);
  const target = dest.endsWith('/') ? join(dest, source.split('/').filter(Boolean).at(-1)) : dest;
  mkdirSync(dirname(target), { recursive: true });
  const isDirectory = statSync(source).isDirectory();
  if (isDirectory) mkdirSync(target, { recursive: true });
  execFileSync('cp', ['-a', ...(link ? ['--link'] : []), isDirectory ? `${source}/.` : source, target]);
}

function applyDockerignore(context) {
  const ignoreFile = join(context, '.dockerignore');
  if (!existsSync(ignoreFile)) return;
  const patterns = readFileSync(ignoreFile, 'utf8').split('\n').map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (patterns.some((pattern) => pattern.startsWith('!'))) throw new RecipeError('.dockerignore: exceptions (!) are not supported here');
  const globs = patterns.map((pattern) => pattern.replace(/^\/+/, '').replace(/'/g, ''));
  execFileSync('bash', ['-c', `shopt -s globstar dotglob nullglob; cd "$1"; shift; for p in "$@"; do for f in $p; do rm -rf -- "$f"; done; done`, 'bash', context, ...globs], { stdio: 'inherit' });
}

function run(command, cwd, env) {
  const since = Date.now();
  say(`RUN ${command}`);
  execFileSync('sh', ['-c', command], { cwd, env, stdio: 'inherit' });
  say(`    done in ${seconds(since)}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs as nobody when we are root (the image runs as `node`); otherwise we already are an unprivileged user. */
function unprivileged() {
  if (process.getuid() !== 0) return {};
  const id = (flag) => Number(execFileSync('id', [flag, 'nobody'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function get(url) {
  const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(5000) });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

/** The path of the first listing page a sitemap lists, following a sitemap index into the sitemaps it names. */
async function firstListingInSitemap(url) {
  const { status, body } = await get(url);
  if (status !== 200) throw new RecipeError(`GET ${new URL(url).pathname} answered ${status}`);
  const locations = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
  if (/<sitemapindex[\s>]/.test(body)) {
    for (const path of locations) {
      const listing = await firstListingInSitemap(`${new URL(url).origin}${path}`);
      if (listing) return listing;
    }
    return undefined;
  }
  return locations.find((path) => /\/\d+(\/|$)/.test(path));
}

/** What the runtime stage does, checked before anything is built. */
function planRuntime(stage, buildStages) {
  const plan = { workdir: '/', env: {}, copies: [], user: undefined, healthcheck: undefined, command: undefined };
  for (const { keyword, args } of stage.instructions) {
    if (keyword === 'WORKDIR') {
      plan.workdir = posix.resolve(plan.workdir, args);
    } else if (keyword === 'ENV') {
      Object.assign(plan.env, parseEnv(args));
    } else if (keyword === 'COPY') {
      const { flags, rest } = splitFlags(args);
      const parts = rest.split(' ');
      if (!buildStages.includes(flags.from) || parts.length !== 2) {
        throw new RecipeError(`runtime stage: "COPY ${args}" must be COPY --from=<build stage> <one path> <dest>`);
      }
      plan.copies.push({ from: flags.from, source: parts[0], dest: posix.resolve(plan.workdir, parts[1]) });
    } else if (keyword === 'USER') {
      plan.user = args;
    } else if (keyword === 'HEALTHCHECK') {
      plan.healthcheck = args.match(/\bCMD (.+)$/)?.[1];
    } else if (keyword === 'CMD') {
      plan.command = args.startsWith('[') ? JSON.parse(args) : undefined;
    } else if (keyword === 'RUN') {
      say(`runtime stage: skipped (system set-up inside the image; a temporary DATA_DIR stands in): RUN ${args}`);
    } else if (!['VOLUME', 'EXPOSE', 'LABEL'].includes(keyword)) {
      throw new RecipeError(`${keyword} in the runtime stage is not understood by scripts/ci-image-recipe.mjs`);
    }
  }
  if (!plan.user || plan.user === 'root' || plan.user.startsWith('0')) throw new RecipeError('the runtime stage must switch to an unprivileged USER');
  if (!Array.isArray(plan.command)) throw new RecipeError('the runtime stage needs CMD in exec form (["node", …])');
  if (!plan.healthcheck) throw new RecipeError('the runtime stage needs a HEALTHCHECK … CMD');
  return plan;
}

/** Replays a build stage's WORKDIR, ENV, COPY (from the build context) and RUN lines under `stageRoot`. */
function build(stage, stageRoot, context) {
  let workdir = '/';
  const env = { ...process.env };
  for (const { keyword, args } of stage.instructions) {
    if (keyword === 'WORKDIR') {
      workdir = posix.resolve(workdir, args);
      mkdirSync(hostPath(stageRoot, '/', workdir), { recursive: true });
    } else if (keyword === 'ENV') {
      Object.assign(env, parseEnv(args));
    } else if (keyword === 'COPY') {
      const { flags, rest } = splitFlags(args);
      if (flags.from) throw new RecipeError('COPY --from in a build stage is not supported here');
      const parts = rest.split(' ');
      const dest = hostPath(stageRoot, workdir, parts.length > 2 && !parts.at(-1).endsWith('/') ? `${parts.at(-1)}/` : parts.at(-1));
      for (const source of parts.slice(0, -1)) copy(join(context, source), dest);
    } else if (keyword === 'RUN') {
      run(args, hostPath(stageRoot, '/', workdir), env);
    } else {
      throw new RecipeError(`${keyword} in a build stage is not understood by scripts/ci-image-recipe.mjs`);
    }
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'immo-image-'));
const context = join(scratch, 'context');
const runtimeRoot = join(scratch, 'runtime');
const dataDir = join(scratch, 'data');
const stageRoot = (name) => join(scratch, `stage-${name}`);
let server;
let log = '';

try {
  const stages = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
  const buildStages = stages.slice(0, -1);
  const plan = planRuntime(stages.at(-1), buildStages.map((stage) => stage.name));
  say(`Dockerfile stages: ${stages.map((stage) => `${stage.name ?? '(unnamed)'} from ${stage.image}`).join(', ')}; this host runs Node ${process.version}`);
  checkNodeMajor(stages);

  // 1. Build context: the tracked files, filtered by .dockerignore.
  mkdirSync(context);
  execFileSync('sh', ['-c', `cd "$1" && git ls-files -z | tar --null -T - -c | tar -x -C "$2"`, 'sh', root, context], { stdio: 'inherit' });
  applyDockerignore(context);
  say(`build context from the tracked files, .dockerignore applied: ${seconds(started)}`);

  // 2. Build stages, in order.
  for (const stage of buildStages) build(stage, stageRoot(stage.name), context);

  // 3. Runtime stage: exactly the files it copies, root's and read-only for the app.
  const copyStarted = Date.now();
  for (const { from, source, dest } of plan.copies) copy(hostPath(stageRoot(from), '/', source), hostPath(runtimeRoot, '/', dest), { link: true });
  say(`runtime stage copies ${plan.copies.map((item) => item.source).join(', ')}: ${seconds(copyStarted)}`);
  const { workdir, env, user, healthcheck, command } = plan;

  const app = hostPath(runtimeRoot, '/', workdir);
  mkdirSync(app, { recursive: true });
  for (let dir = app; dir.startsWith(scratch); dir = dirname(dir)) chmodSync(dir, 0o755);
  const identity = unprivileged();
  mkdirSync(dataDir);
  if (identity.uid !== undefined) chownSync(dataDir, identity.uid, identity.gid);
  const port = await freePort();
  const serverEnv = {
    PATH: process.env.PATH, HOME: dataDir, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir,
  };
  const base = `http://127.0.0.1:${port}`;
  say(`runtime in ${app} as ${identity.uid === undefined ? 'the current user' : 'nobody'} (the image: ${user}), DATA_DIR ${dataDir}, PORT ${port}`);

  // 4a. The migration CLI an operator runs against DATABASE_URL, here on the embedded database.
  const cli = join(app, 'scripts/typeorm-cli.mjs');
  if (existsSync(cli)) {
    const since = Date.now();
    const output = execFileSync(process.execPath, [cli, 'migration:run'], {
      cwd: app, env: serverEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...identity,
    });
    const executed = output.match(/has been executed successfully/g)?.length ?? 0;
    say(`migration CLI from the pruned tree: ${executed} migrations run in ${seconds(since)}`);
  }

  // 4b. Operator commands from the built code, as `docker compose exec app node dist/…` runs them: no TypeScript, no
  // build. settings reads the database and exits 0; mail:retry of a mail that is not there exits 1 and says so.
  const operator = (script, args) => {
    const since = Date.now();
    const result = spawnSync(process.execPath, [script, ...args], { cwd: app, env: serverEnv, encoding: 'utf8', ...identity });
    return { ...result, took: seconds(since) };
  };
  const settings = operator('dist/src/settings/settings.cli.js', ['list']);
  if (settings.status !== 0 || !settings.stdout.includes('hiddenStatus =')) {
    throw new RecipeError(`node dist/src/settings/settings.cli.js list exited ${settings.status}: ${settings.stderr}${settings.stdout}`);
  }
  const unknownMail = '00000000-0000-4000-8000-000000000000';
  const retry = operator('dist/src/mail/mail-retry.cli.js', ['--id', unknownMail]);
  if (retry.status !== 1 || !retry.stderr.includes(`not re-queued (no such mail, already sent, or being sent now): ${unknownMail}`)) {
    throw new RecipeError(`node dist/src/mail/mail-retry.cli.js --id ${unknownMail} exited ${retry.status} (expected 1): ${retry.stderr}`);
  }
  say(`operator commands from dist/: settings list exited 0 (${settings.took}), mail:retry --id <unknown> exited 1 (${retry.took})`);

  // 4c. The server: ready, serving pages and assets, healthy, then stopped by SIGTERM.
  const [program, ...programArgs] = command;
  const bootStarted = Date.now();
  server = spawn(program === 'node' ? process.execPath : program, programArgs, { cwd: app, env: serverEnv, ...identity });
  let stdout = '';
  server.stdout.on('data', (chunk) => {
    log += chunk;
    stdout += chunk;
  });
  server.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
  let exit;
  void exited.then((result) => (exit = result));

  let ready = false;
  while (!ready && !exit && Date.now() - bootStarted < READY_TIMEOUT_MS) {
    ready = await get(`${base}/readyz`).then((response) => response.status === 200, () => false);
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 500));
  }
  if (!ready) {
    throw new RecipeError(exit ? `the server exited (${exit.signal ?? exit.code}) before /readyz answered 200`
      : `/readyz did not answer 200 within ${READY_TIMEOUT_MS / 1000} s`);
  }
  say(`/readyz answered 200 after ${seconds(bootStarted)}`);

  // A listing page proves more than /readyz: the demo catalogue (fixtures), translations, assets and photos.
  const home = await get(`${base}/`);
  if (home.status !== 200 || !home.type.startsWith('text/html')) throw new RecipeError(`GET / answered ${home.status} ${home.type}`);
  // No PUBLIC_BASE_URL in the image's ENV: the links follow PORT (the demo on another port links itself).
  const sitemap = await get(`${base}/sitemap.xml`);
  const origins = [...new Set([...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).origin))];
  if (origins.join() !== `http://localhost:${port}`) throw new RecipeError(`/sitemap.xml links ${origins.join(', ')}, not http://localhost:${port} (PORT)`);
  const listing = await firstListingInSitemap(`${base}/sitemap.xml`);
  if (!listing) throw new RecipeError('/sitemap.xml (and the sitemaps it indexes) lists no listing page');
  const page = await get(`${base}${listing}`);
  if (page.status !== 200 || !page.type.startsWith('text/html')) throw new RecipeError(`GET ${listing} answered ${page.status}`);
  // A path ends at a quote, a space, a bracket or markup (the brochure prints a document's address as text).
  const assets = [...new Set(page.body.match(/\/assets\/[^"'\s)<]+/g) ?? [])];
  const photo = page.body.match(/<img [^>]*src="(\/[^"]+)"/)?.[1];
  if (assets.length === 0 || !photo) throw new RecipeError(`${listing} references no /assets/ file or no photo`);
  for (const path of [...assets, photo]) {
    const response = await get(`${base}${path.replace(/&amp;/g, '&')}`);
    if (response.status !== 200) throw new RecipeError(`GET ${path} answered ${response.status}`);
  }
  say(`home page, ${listing}, its ${assets.length} assets and its first photo answered 200`);

  try {
    execFileSync('sh', ['-c', healthcheck], { cwd: app, env: serverEnv, stdio: 'inherit', timeout: 10_000, ...identity });
  } catch {
    throw new RecipeError(`the HEALTHCHECK command failed: ${healthcheck}`);
  }
  say('the HEALTHCHECK command passed');

  const stopping = Date.now();
  server.kill('SIGTERM');
  const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(null), STOP_TIMEOUT_MS).unref())]);
  if (!stopped) throw new RecipeError(`the server did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM`);
  if (stopped.code !== 0 && stopped.signal !== 'SIGTERM') throw new RecipeError(`the server exited with ${stopped.code} after SIGTERM`);
  server = undefined;
  say(`SIGTERM: the server exited (${stopped.signal ?? `code ${stopped.code}`}) after ${seconds(stopping)}`);

  // Production logs are JSON lines from the first one (a log collector parses each line).
  const lines = stdout.split('\n').filter((line) => line !== '');
  const notJson = lines.find((line) => {
    try {
      return typeof JSON.parse(line) !== 'object';
    } catch {
      return true;
    }
  });
  if (lines.length === 0 || notJson !== undefined) throw new RecipeError(`the server's stdout is not JSON lines: ${JSON.stringify(notJson ?? '(nothing)')}`);
  if (!lines.some((line) => JSON.parse(line).msg === `Immo is serving on http://localhost:${port} (listening on 127.0.0.1:${port})`)) {
    throw new RecipeError(`the server did not log "Immo is serving on http://localhost:${port}"`);
  }
  say(`stdout: ${lines.length} lines, every one JSON, the first ${JSON.stringify(JSON.parse(lines[0]).msg)}`);
  say('image recipe passed');
} catch (error) {
  console.error(`[image recipe] FAILED: ${error instanceof RecipeError ? error.message : error?.stack ?? error}`);
  if (error?.stdout) console.error(String(error.stdout));
  if (log) console.error(`--- server log ---\n${log}--- end of server log ---`);
  process.exitCode = 1;
} finally {
  server?.kill('SIGKILL');
  if (process.env.KEEP_SCRATCH === '1') say(`kept ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
  say(`total ${seconds(started)}`);
}
