import { randomBytes } from 'node:crypto';

/** What the load sent and what came back, for the assertions after the storm. */
export interface Outcome {
  readonly id: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly started: number;
  ended: number;
  status: number;
  /** A network error (the proxy closed on us): the request failed without an answer. */
  error?: string;
  cache: string;
  /** For a form: its marker (in the name, the address and the message), and whether the visitor was thanked. */
  form?: { readonly marker: string; readonly email: string; thanked: boolean };
}

export interface LoadTarget {
  /** The proxy's origin: every request goes through it, as a visitor's would. */
  readonly origin: string;
  /** Pages a visitor may get from the proxy's cache (public), with and without htmx. */
  readonly cacheable: readonly { path: string; htmx?: boolean }[];
  /** Pages that always reach a replica (private or no-store). */
  readonly uncacheable: readonly string[];
  /** The contact form's action. */
  readonly formPath: string;
  /** A fresh bot-check token, as the provider's script gives a page. */
  botCheckToken(): Promise<string>;
}

const RUN = randomBytes(3).toString('hex');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let sequence = 0;
const nextId = () => `cluster-${RUN}-${++sequence}`;

/** A GET as a browser sends it, through the proxy. */
export async function get(target: LoadTarget, path: string, htmx = false): Promise<Outcome> {
  const outcome: Outcome = { id: nextId(), method: 'GET', path, started: Date.now(), ended: 0, status: 0, cache: '' };
  try {
    const response = await fetch(`${target.origin}${path}`, {
      headers: { 'X-Request-Id': outcome.id, 'Accept-Encoding': 'gzip', ...(htmx ? { 'HX-Request': 'true' } : {}) },
      redirect: 'manual',
    });
    await response.arrayBuffer();
    outcome.status = response.status;
    outcome.cache = response.headers.get('x-cache-status') ?? '';
  } catch (error) {
    outcome.error = String((error as Error).cause ?? error);
  }
  outcome.ended = Date.now();
  return outcome;
}

/** The contact form as a browser without JavaScript posts it (same-origin, with its bot-check token): 303 thanks. */
export async function postForm(target: LoadTarget, marker: string): Promise<Outcome> {
  const email = `${marker}@cluster.test`;
  const outcome: Outcome = { id: nextId(), method: 'POST', path: target.formPath, started: Date.now(), ended: 0, status: 0, cache: '', form: { marker, email, thanked: false } };
  try {
    const body = new URLSearchParams({
      name: `Cluster ${marker}`,
      email,
      message: `Cluster test form ${marker}: stored and mailed once.`,
      privacyConsent: 'on',
      'g-recaptcha-response': await target.botCheckToken(),
    });
    const response = await fetch(`${target.origin}${target.formPath}`, {
      method: 'POST',
      headers: { 'X-Request-Id': outcome.id, Origin: target.origin, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    });
    await response.arrayBuffer();
    outcome.status = response.status;
    outcome.form!.thanked = response.status === 303 && (response.headers.get('location') ?? '').endsWith('?sent=1');
  } catch (error) {
    outcome.error = String((error as Error).cause ?? error);
  }
  outcome.ended = Date.now();
  return outcome;
}

/** An answer a visitor would see as a failure: no answer, or not the page / thanks they asked for. */
export function failed(outcome: Outcome): boolean {
  if (outcome.error !== undefined) return true;
  return outcome.method === 'POST' ? !outcome.form!.thanked : outcome.status !== 200;
}

/**
 * Steady load until stopped: `pageWorkers` visitors reading pages (cacheable ones, with and without htmx, and
 * uncacheable ones, which always reach a replica) and one visitor sending the contact form again and again, each
 * form with its own marker. Bounded: it stops when told, or after `maxMs` at the latest.
 */
export class SteadyLoad {
  readonly outcomes: Outcome[] = [];
  private running = true;
  private readonly workers: Promise<void>[] = [];
  private forms = 0;

  constructor(
    private readonly target: LoadTarget,
    private readonly pageWorkers = 3,
    private readonly maxMs = 120_000,
  ) {}

  start(): void {
    const until = Date.now() + this.maxMs;
    const pages = [...this.target.cacheable, ...this.target.uncacheable.map((path) => ({ path, htmx: false }))];
    for (let worker = 0; worker < this.pageWorkers; worker++) {
      this.workers.push(
        (async () => {
          for (let turn = worker; this.running && Date.now() < until; turn++) {
            const page = pages[turn % pages.length]!;
            this.outcomes.push(await get(this.target, page.path, page.htmx));
            // A reader's pace: about a hundred pages a second in all, which the 2-core machine serves beside the rest.
            await pause(25);
          }
        })(),
      );
    }
    this.workers.push(
      (async () => {
        while (this.running && Date.now() < until) {
          this.outcomes.push(await postForm(this.target, `form-${RUN}-${++this.forms}`));
          // A visitor types between two forms: about five forms a second, not a flood of the 2-core machine.
          await pause(150);
        }
      })(),
    );
  }

  /** Requests answered since `since` (ms), for waiting until the load has reached a state. */
  answeredSince(since: number): Outcome[] {
    return this.outcomes.filter((outcome) => outcome.started >= since);
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }
}
