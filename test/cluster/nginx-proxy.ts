import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/built-app.js';
import { until } from '../support/poll.js';

/** The proxy's configuration, shared with docker-compose.yml (which mounts its folder at /etc/nginx/templates). */
export const NGINX_TEMPLATE = join(ROOT, 'deploy/nginx/templates/default.conf.template');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
/**
 * Each replica's failure policy, the same as compose's (deploy/nginx/compose-upstream.conf): one error does not take a
 * replica out (a lone reset while the other replica is down would leave none), and one that is out is tried again
 * after 2 s, so a restarted replica serves within seconds rather than nginx's default 10.
 */
export const SERVER_PARAMETERS = 'max_fails=3 fail_timeout=2s';

/** One line of the template's access log (`log_format immo_json`). */
export interface ProxyLogLine {
  readonly time: string;
  readonly request_id: string;
  readonly method: string;
  readonly uri: string;
  readonly status: number;
  /** The replicas tried, in order (`a, b` when nginx moved on to the next one). */
  readonly upstream: string;
  readonly upstream_status: string;
  readonly cache: string;
  readonly seconds: number;
}

/** The `${IMMO_…}` variables the template reads, as the official image's envsubst step would find them. */
export function templateVariables(template = readFileSync(NGINX_TEMPLATE, 'utf8')): string[] {
  return [...new Set([...template.matchAll(/\$\{(IMMO_[A-Z_]+)\}/g)].map((match) => match[1]!))].sort();
}

/**
 * Renders the template as the official nginx image does at start (envsubst, only the IMMO_ variables), with
 * gettext's own envsubst, so what runs here is byte for byte what the image would render with these values.
 */
function renderTemplate(values: Readonly<Record<string, string>>): string {
  const names = templateVariables();
  const missing = names.filter((name) => values[name] === undefined);
  if (missing.length > 0) throw new Error(`the nginx template needs ${missing.join(', ')}`);
  return execFileSync('envsubst', [names.map((name) => `\${${name}}`).join(' ')], {
    input: readFileSync(NGINX_TEMPLATE),
    env: { PATH: process.env.PATH, ...values },
  }).toString('utf8');
}

/**
 * Debian's nginx with the shared template, in a directory of its own (`nginx -p DIR -c DIR/nginx.conf`): the test's
 * main context (pid, temp paths, the upstream group of two loopback replicas) around the rendered template. Its
 * access log (stdout, one JSON line per request) goes to a file the test reads.
 */
export class NginxProxy {
  private child?: ChildProcess;
  private stderr = '';

  constructor(
    private readonly dir: string,
    readonly port: number,
    private readonly upstreams: readonly string[],
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const temp = join(this.dir, 'temp');
    mkdirSync(temp, { recursive: true });
    writeFileSync(join(this.dir, 'immo.conf'), renderTemplate({ IMMO_PROXY_LISTEN: `127.0.0.1:${this.port}`, IMMO_PROXY_CACHE_DIR: join(this.dir, 'cache') }));
    writeFileSync(
      join(this.dir, 'nginx.conf'),
      [
        'worker_processes 1;',
        'error_log stderr warn;',
        `pid ${join(this.dir, 'nginx.pid')};`,
        'events { worker_connections 1024; }',
        'http {',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${join(temp, kind)};`),
        // The replicas, in the group the template proxies to (compose: deploy/nginx/compose-upstream.conf).
        `  upstream immo_app { ${this.upstreams.map((address) => `server ${address} ${SERVER_PARAMETERS};`).join(' ')} }`,
        `  include ${join(this.dir, 'immo.conf')};`,
        '}',
        '',
      ].join('\n'),
    );
    // The template logs to /dev/stdout (the container's log): here a file, since nginx cannot open a socket that way.
    const stdout = openSync(this.accessLog, 'w');
    const child = spawn(NGINX, ['-p', this.dir, '-c', join(this.dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', stdout, 'pipe'] });
    closeSync(stdout);
    this.child = child;
    child.stderr!.on('data', (chunk: Buffer) => (this.stderr += chunk.toString('utf8')));
    await until(
      `nginx answering on ${this.origin}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${this.stderr}`);
        return (await fetch(`${this.origin}/healthz`).catch(() => null)) !== null;
      },
      (answered) => answered,
      { timeoutMs: 10_000, intervalMs: 100 },
    );
  }

  private get accessLog(): string {
    return join(this.dir, 'access.log');
  }

  /** Its access log so far, one entry per request. */
  get log(): ProxyLogLine[] {
    return readFileSync(this.accessLog, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as ProxyLogLine);
  }

  /** The line nginx logged for the request that carried this X-Request-Id. */
  lineFor(requestId: string): ProxyLogLine | undefined {
    return this.log.find((line) => line.request_id === requestId);
  }

  errors(): string {
    return this.stderr;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.kill('SIGQUIT');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  }
}
