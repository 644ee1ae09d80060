// The Docker image's recipe, proven without Docker (CI has none). Reads the Dockerfile itself, so the two stay in step:
//   1. the committed tree (git archive HEAD) minus .dockerignore is the build context;
//   2. the build stage's COPY and RUN lines run in a scratch directory (npm ci, build, prune);
//   3. the runtime stage's COPY --from=build lines copy into a second scratch directory, files owned by root;
//   4. there, as an unprivileged user with the stage's ENV, a fresh DATA_DIR and a free PORT: the migration CLI,
//      then the CMD; /readyz must answer 200 within 60 s, the home page and its assets too, and the HEALTHCHECK
//      command must pass; SIGTERM must stop the server.
// Usage (as root, so the server can run as nobody): node scripts/ci-image-recipe.mjs   KEEP_SCRATCH=1 keeps the dirs.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

/** A path inside the image (absolute, or relative to WORKDIR) as a path in the scratch directory standing for /. */
function hostPath(scratchRoot, workdir, containerPath) {
  const absolute = posix.resolve(workdir, containerPath);
  return join(scratchRoot, absolute) + (containerPath.endsWith('/') ? '/' : '');
}

/** Docker's COPY: a directory's contents go to dest, a file into dest when dest ends with a slash. */
function copy(source, dest) {
  if (!existsSync(source)) throw new RecipeError(`COPY: ${source} does not exist`);
  const target = dest.endsWith('/') ? join(dest, source.split('/').filter(Boolean).at(-1)) : dest;
  mkdirSync(dirname(target), { recursive: true });
  cpSync(source, target, { recursive: true, verbatimSymlinks: true });
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

const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const stages = parseDockerfile(dockerfile);
const runtime = stages.at(-1);
const scratch = mkdtempSync(join(tmpdir(), 'immo-image-'));
const context = join(scratch, 'context');
const buildRoot = join(scratch, 'build');
const runtimeRoot = join(scratch, 'runtime');
const dataDir = join(scratch, 'data');
let server;
let log = '';

try {
  say(`Dockerfile stages: ${stages.map((stage) => `${stage.name ?? '(unnamed)'} from ${stage.image}`).join(', ')}; this host runs Node ${process.version}`);

  // 1. Build context: the committed tree, filtered by .dockerignore.
  mkdirSync(context);
  execFileSync('sh', ['-c', `git -C "$1" archive --format=tar HEAD | tar -x -C "$2"`, 'sh', root, context], { stdio: 'inherit' });
  applyDockerignore(context);

  // 2. Build stages, in order (a later stage's COPY --from=<name> reads them).
  const stageRoots = {};
  for (const stage of stages.slice(0, -1)) {
    const stageRoot = stage === stages[0] ? buildRoot : join(scratch, `stage-${stage.name}`);
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
        const dest = hostPath(stageRoot, workdir, parts.at(-1));
        for (const source of parts.slice(0, -1)) {
          if (source === '.') cpSync(context, dest, { recursive: true, verbatimSymlinks: true });
          else copy(join(context, source), parts.length > 2 && !dest.endsWith('/') ? `${dest}/` : dest);
        }
      } else if (keyword === 'RUN') {
        run(args, hostPath(stageRoot, '/', workdir), env);
      } else {
        throw new RecipeError(`${keyword} in the build stage is not understood by ${import.meta.url}`);
      }
    }
    stageRoots[stage.name] = stageRoot;
  }

  // 3. Runtime stage: its files (root's, read-only for the app), its ENV, its user, health check and command.
  let workdir = '/';
  const env = {};
  let user;
  let healthcheck;
  let command;
  const copied = [];
  for (const { keyword, args } of runtime.instructions) {
    if (keyword === 'WORKDIR') {
      workdir = posix.resolve(workdir, args);
      mkdirSync(hostPath(runtimeRoot, '/', workdir), { recursive: true });
    } else if (keyword === 'ENV') {
      Object.assign(env, parseEnv(args));
    } else if (keyword === 'COPY') {
      const { flags, rest } = splitFlags(args);
      const parts = rest.split(' ');
      if (!flags.from || !stageRoots[flags.from] || parts.length !== 2) {
        throw new RecipeError(`runtime stage: "COPY ${args}" must be COPY --from=<build stage> <one path> <dest>`);
      }
      copy(hostPath(stageRoots[flags.from], '/', parts[0]), hostPath(runtimeRoot, workdir, parts[1]));
      copied.push(parts[0]);
    } else if (keyword === 'USER') {
      user = args;
    } else if (keyword === 'HEALTHCHECK') {
      const match = args.match(/\bCMD (.+)$/);
      if (!match) throw new RecipeError(`HEALTHCHECK without CMD: ${args}`);
      healthcheck = match[1];
    } else if (keyword === 'CMD') {
      command = JSON.parse(args);
    } else if (keyword === 'RUN') {
      say(`skipped (system set-up inside the image; DATA_DIR stands in here): RUN ${args}`);
    } else if (!['VOLUME', 'EXPOSE', 'LABEL'].includes(keyword)) {
      throw new RecipeError(`${keyword} in the runtime stage is not understood by ${import.meta.url}`);
    }
  }
  if (!user || user === 'root' || user === '0') throw new RecipeError('the runtime stage must switch to an unprivileged USER');
  if (!Array.isArray(command)) throw new RecipeError('the runtime stage needs CMD in exec form (["node", …])');
  if (!healthcheck) throw new RecipeError('the runtime stage needs a HEALTHCHECK');
  say(`runtime stage copies ${copied.join(', ')}`);

  const app = hostPath(runtimeRoot, '/', workdir);
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
    execFileSync(process.execPath, [cli, 'migration:run'], { cwd: app, env: serverEnv, stdio: 'inherit', ...identity });
    say(`migration CLI from the pruned tree: done in ${seconds(since)}`);
  }

  // 4b. The server: ready, serving pages and assets, healthy, then stopped by SIGTERM.
  const [program, ...programArgs] = command;
  const bootStarted = Date.now();
  server = spawn(program === 'node' ? process.execPath : program, programArgs, { cwd: app, env: serverEnv, ...identity });
  server.stdout.on('data', (chunk) => (log += chunk));
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

  const home = await get(`${base}/`);
  if (home.status !== 200 || !home.type.startsWith('text/html')) throw new RecipeError(`GET / answered ${home.status} ${home.type}`);
  const assets = [...new Set(home.body.match(/\/assets\/[^"'\s)]+/g) ?? [])];
  if (assets.length === 0) throw new RecipeError('the home page references no /assets/ file');
  for (const asset of assets) {
    const response = await get(`${base}${asset}`);
    if (response.status !== 200) throw new RecipeError(`GET ${asset} answered ${response.status}`);
  }
  say(`home page and its ${assets.length} assets answered 200`);

  execFileSync('sh', ['-c', healthcheck], { cwd: app, env: serverEnv, stdio: 'inherit', timeout: 10_000, ...identity });
  say('the HEALTHCHECK command passed');

  const stopping = Date.now();
  server.kill('SIGTERM');
  const stopped = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(null), STOP_TIMEOUT_MS))]);
  if (!stopped) throw new RecipeError(`the server did not exit within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM`);
  if (stopped.code !== 0 && stopped.signal !== 'SIGTERM') throw new RecipeError(`the server exited with ${stopped.code} after SIGTERM`);
  server = undefined;
  say(`SIGTERM: the server exited (${stopped.signal ?? `code ${stopped.code}`}) after ${seconds(stopping)}`);
  say(`image recipe passed in ${seconds(started)}`);
} catch (error) {
  console.error(`[image recipe] FAILED: ${error instanceof RecipeError ? error.message : error?.stack ?? error}`);
  if (log) console.error(`--- server log ---\n${log}--- end of server log ---`);
  process.exitCode = 1;
} finally {
  server?.kill('SIGKILL');
  if (process.env.KEEP_SCRATCH === '1') say(`kept ${scratch}`);
  else rmSync(scratch, { recursive: true, force: true });
}
