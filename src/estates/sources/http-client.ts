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
  ) {
    super(`HTTP ${status} from ${url}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryable(error: unknown): boolean {
  return !(error instanceof HttpStatusError) || error.status >= 500;
}

export class JsonHttpClient {
  constructor(private readonly options: HttpClientOptions) {}

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  post<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>('POST', path, body);
  }

  private async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const url = new URL(path, this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`).toString();
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(url, {
          method,
          headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...this.options.headers },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.options.timeoutMs),
        });
        if (!response.ok) {
          await response.body?.cancel();
          throw new HttpStatusError(response.status, url);
        }
        return (await response.json()) as T;
      } catch (error) {
        if (attempt >= this.options.retries || !retryable(error)) throw error;
        await sleep(this.options.backoffMs * 2 ** attempt);
      }
    }
  }
}
