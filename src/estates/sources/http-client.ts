import { AsyncLocalStorage } from 'node:async_hooks';

/** Retries and time-outs for calls to a CRM: network errors and 5xx are retried with backoff, 4xx are not. */
export interface HttpClientOptions {
  readonly baseUrl: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly retries: number;
  /** First backoff delay; doubled on every retry. */
  readonly backoffMs: number;
}

export class HttpStatusError extends Error {
  override readonly name = 'HttpStatusError';
  constructor(
    readonly status: number,
    readonly url: string,
    /** The start of the error body, for clients whose CRM explains the error there (e.g. Whise's `Message`). */
    readonly body: string = '',
  ) {
    super(`HTTP ${status} from ${url}`);
  }
}

/** How much of an error body is kept: enough for a CRM's message, never a whole page. */
const ERROR_BODY_BYTES = 4096;

/** The first bytes of an error answer as text; empty when it cannot be read. */
async function errorBody(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    while (received < ERROR_BODY_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
    }
  } catch {
    // A broken error body changes nothing: the status says enough.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).toString('utf8').slice(0, ERROR_BODY_BYTES);
}

/** A source went over what one sync may read from it; retrying would not help. */
export class FetchLimitError extends Error {
  override readonly name = 'FetchLimitError';
}

/** The sync's overall time-out (or shutdown) stopped the reading; retrying would not help. */
export class FetchAbortedError extends Error {
  override readonly name = 'FetchAbortedError';
}

export interface FetchLimits {
  readonly maxPages: number;
  readonly maxRecords: number;
  readonly maxBytes: number;
}

/**
 * What one source may still read in one sync: pages, records and bytes, and the run's signal (its
 * overall time-out). A source that goes over fails with FetchLimitError, so a feed that always says
 * "next page" or sends an endless body cannot eat the memory or hold the sync.
 */
export class FetchBudget {
  private pages = 0;
  private records = 0;
  private bytes = 0;

  constructor(
    readonly limits: FetchLimits,
    readonly signal?: AbortSignal,
  ) {}

  /** One more page of a listing; throws past the cap. */
  page(): void {
    this.throwIfAborted();
    if (++this.pages > this.limits.maxPages) throw new FetchLimitError(`more than ${this.limits.maxPages} pages`);
  }

  /** `count` more records; throws past the cap. */
  addRecords(count: number): void {
    this.records += count;
    if (this.records > this.limits.maxRecords) throw new FetchLimitError(`more than ${this.limits.maxRecords} records`);
  }

  /** Bytes this source may still receive. */
  get bytesLeft(): number {
    return this.limits.maxBytes - this.bytes;
  }

  addBytes(count: number): void {
    this.bytes += count;
    if (this.bytes > this.limits.maxBytes) throw new FetchLimitError(`more than ${this.limits.maxBytes} bytes`);
  }

  throwIfAborted(): void {
    if (this.signal?.aborted) throw new FetchAbortedError(`sync stopped: ${String(this.signal.reason?.message ?? this.signal.reason)}`);
  }
}

const budgets = new AsyncLocalStorage<FetchBudget>();

/**
 * Runs `fn` with `budget` as the budget of every HTTP call and page it makes. The sync sets it per
 * source, so the limits reach the clients without every source and its factory passing them along.
 */
export function withFetchBudget<T>(budget: FetchBudget, fn: () => T): T {
  return budgets.run(budget, fn);
}

/** The budget of the sync this code runs in; none outside a sync (then only the per-response cap applies). */
export function currentFetchBudget(): FetchBudget | undefined {
  return budgets.getStore();
}

/** No single answer of a CRM is bigger than this, with or without a sync budget. */
const MAX_RESPONSE_BYTES = 50_000_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new FetchAbortedError('sync stopped'));
    }, { once: true });
  });

function retryable(error: unknown): boolean {
  if (error instanceof FetchLimitError || error instanceof FetchAbortedError) return false;
  return !(error instanceof HttpStatusError) || error.status >= 500;
}

/** Reads the body as text, counting its bytes against the budget as they arrive; stops reading past the cap. */
async function readCapped(response: Response, budget: FetchBudget | undefined, url: string): Promise<string> {
  const cap = Math.min(MAX_RESPONSE_BYTES, budget?.bytesLeft ?? MAX_RESPONSE_BYTES);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) {
    await response.body?.cancel();
    throw new FetchLimitError(`${url} announces ${declared} bytes, more than the ${cap} this sync may still read`);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > cap) {
      await reader.cancel();
      throw new FetchLimitError(`${url} sent more than the ${cap} bytes this sync may still read`);
    }
    chunks.push(value);
  }
  budget?.addBytes(received);
  return Buffer.concat(chunks).toString('utf8');
}

export class JsonHttpClient {
  constructor(private readonly options: HttpClientOptions) {}

  get<T>(path: string, headers?: Readonly<Record<string, string>>): Promise<T> {
    return this.request<T>('GET', path, undefined, headers);
  }

  /** `headers` add to (and override) the client's own for this call, e.g. a bearer token that changes. */
  post<T>(path: string, body: unknown, headers?: Readonly<Record<string, string>>): Promise<T> {
    return this.request<T>('POST', path, body, headers);
  }

  private async request<T>(method: string, path: string, body?: unknown, headers?: Readonly<Record<string, string>>): Promise<T> {
    const url = new URL(path, this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`).toString();
    const budget = currentFetchBudget();
    for (let attempt = 0; ; attempt++) {
      try {
        budget?.throwIfAborted();
        // The per-request time-out covers the whole body too: a server that trickles bytes is cut off.
        const timeout = AbortSignal.timeout(this.options.timeoutMs);
        const signal = budget?.signal ? AbortSignal.any([timeout, budget.signal]) : timeout;
        const response = await fetch(url, {
          method,
          headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...this.options.headers, ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        });
        if (!response.ok) throw new HttpStatusError(response.status, url, await errorBody(response));
        return JSON.parse(await readCapped(response, budget, url)) as T;
      } catch (error) {
        if (budget?.signal?.aborted) budget.throwIfAborted();
        if (attempt >= this.options.retries || !retryable(error)) throw error;
        await sleep(this.options.backoffMs * 2 ** attempt, budget?.signal);
      }
    }
  }
}
