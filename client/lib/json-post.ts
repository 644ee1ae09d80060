/** A JSON call answered with status 400 or above (SPEC §7, §8). */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The answer's body: parsed JSON when it is JSON, else its text (undefined when empty). */
    readonly response: unknown,
  ) {
    super(`HTTP ${status}${statusText ? ` ${statusText}` : ''}`);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!/[/+]json\b/i.test(type)) return text;
  return JSON.parse(text) as unknown;
}

/**
 * POSTs `body` as JSON and returns the parsed answer; a status of 400 or above raises HttpError with
 * the status, status text and the answer's body.
 */
export async function postJson<T = unknown>(url: string, body: unknown, init: Pick<RequestInit, 'signal' | 'headers'> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    signal: init.signal,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
    body: JSON.stringify(body),
  });
  const parsed = await readBody(response);
  if (response.status >= 400) throw new HttpError(response.status, response.statusText, parsed);
  return parsed as T;
}
