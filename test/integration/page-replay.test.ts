import { PinoLogger } from 'nestjs-pino';
import request from 'supertest';
import { EstateDetailService } from '../../src/detail/estate-detail.service.js';
import { KnownPagesService } from '../../src/shell/rendering/known-pages.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const TOKEN = 'page-replay-metrics-token-0123456789';
const DETAIL_ROUTE = '/nl/aanbod/:estateId/:slug';

/** Header lines as sent (name in its own spelling, then value), sorted, without the two that differ per request. */
function headerLines(response: request.Response): string[] {
  const raw = (response as unknown as { res: { rawHeaders: string[] } }).res.rawHeaders;
  const lines: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (/^(date|x-request-id)$/i.test(name)) continue;
    lines.push(`${name}: ${raw[i + 1]}`);
  }
  return lines.sort();
}

/** The value of one series in Prometheus's text format (`name{labels} value`); 0 when it is not there yet. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

interface Variant {
  readonly name: string;
  readonly method: 'get' | 'head';
  readonly path: () => string;
  readonly headers: () => Record<string, string>;
  /** Answered by the first onRequest hook (KnownPagesService.answer); otherwise by the routed replay. */
  readonly early: boolean;
  /** Without Accept-Encoding (supertest sends `gzip, deflate` with a GET unless told not to). */
  readonly identity?: boolean;
}

describe('a render-cache hit answered before the hooks (KnownPagesService.answer)', () => {
  let sut: TestApp;
  let known: KnownPagesService;
  let detail: string;
  const etags = new Map<string, string>();

  beforeAll(async () => {
    sut = await startTestApp({ METRICS_TOKEN: TOKEN, LOG_REQUESTS: 'true' });
    known = sut.app.get(KnownPagesService);
    detail = (await sut.app.get(EstateDetailService).find(1001))!.paths.nl;
    // Each answer once through the controller: afterwards they are known and in the render cache.
    for (const [key, path, headers] of [
      ['page', detail, {}],
      ['fragment', detail, { 'HX-Request': 'true' }],
      ['similar', '/nl/ajax/similar-estate/1001', { 'HX-Request': 'true' }],
      ['home', '/nl', {}],
    ] as const) {
      const response = await request(sut.server).get(path).set(headers).expect(200);
      etags.set(key, response.headers.etag!);
    }
  });

  afterAll(async () => {
    await sut?.close();
  });

  /** The same request answered by the controller: neither the early answer nor the routed replay may answer it. */
  async function fromController(send: () => request.Test): Promise<request.Response> {
    const early = jest.spyOn(known, 'answer').mockReturnValue(false);
    const routed = jest.spyOn(known, 'lookup').mockReturnValue(undefined);
    try {
      return await send();
    } finally {
      early.mockRestore();
      routed.mockRestore();
    }
  }

  /** The request answered as a repeat visitor's is, and whether the early hook answered it. */
  async function replayed(send: () => request.Test): Promise<{ response: request.Response; early: boolean }> {
    const spy = jest.spyOn(known, 'answer');
    try {
      const response = await send();
      return { response, early: spy.mock.results.some((result) => result.value === true) };
    } finally {
      spy.mockRestore();
    }
  }

  const variants: Variant[] = [
    { name: 'GET without Accept-Encoding', method: 'get', path: () => detail, headers: () => ({}), early: true, identity: true },
    { name: 'GET accepting gzip, deflate', method: 'get', path: () => detail, headers: () => ({}), early: true },
    { name: 'GET accepting br', method: 'get', path: () => detail, headers: () => ({ 'Accept-Encoding': 'gzip, deflate, br' }), early: true },
    { name: 'GET accepting gzip', method: 'get', path: () => detail, headers: () => ({ 'Accept-Encoding': 'gzip' }), early: true },
    { name: 'GET accepting deflate only (compressed by @fastify/compress)', method: 'get', path: () => detail, headers: () => ({ 'Accept-Encoding': 'deflate' }), early: false },
    { name: 'HEAD', method: 'head', path: () => detail, headers: () => ({}), early: true },
    { name: 'HEAD accepting br', method: 'head', path: () => detail, headers: () => ({ 'Accept-Encoding': 'br' }), early: true },
    { name: 'GET If-None-Match (304)', method: 'get', path: () => detail, headers: () => ({ 'If-None-Match': etags.get('page')!, 'Accept-Encoding': 'br' }), early: true },
    { name: 'HEAD If-None-Match (304)', method: 'head', path: () => detail, headers: () => ({ 'If-None-Match': etags.get('page')! }), early: true },
    { name: 'GET with HX-Request', method: 'get', path: () => detail, headers: () => ({ 'HX-Request': 'true', 'Accept-Encoding': 'gzip' }), early: true },
    { name: 'the similar-estates fragment', method: 'get', path: () => '/nl/ajax/similar-estate/1001', headers: () => ({ 'HX-Request': 'true' }), early: true },
    { name: 'the similar-estates fragment without Accept-Encoding', method: 'get', path: () => '/nl/ajax/similar-estate/1001', headers: () => ({ 'HX-Request': 'true' }), early: true, identity: true },
    { name: 'the home page, accepting br', method: 'get', path: () => '/nl', headers: () => ({ 'Accept-Encoding': 'br' }), early: true },
  ];

  it.each(variants)('$name: the same status, headers and bytes as the controller answers', async (variant) => {
    const send = () => {
      const call = request(sut.server)[variant.method](variant.path()).set(variant.headers());
      return variant.identity ? call.unset('Accept-Encoding') : call;
    };
    const reference = await fromController(send);
    const { response, early } = await replayed(send);
    if (variant.identity) expect(response.headers['content-encoding']).toBeUndefined();
    expect(early).toBe(variant.early);
    expect(response.status).toBe(reference.status);
    expect(headerLines(response)).toEqual(headerLines(reference));
    expect(response.text).toBe(reference.text);
    expect(response.headers['x-request-id']).toMatch(/^[\w.-]{1,64}$/);
    expect(response.headers['x-request-id']).not.toBe(reference.headers['x-request-id']);
  });

  it('leaves a page it does not know, and one asked with a body, to the router', async () => {
    const unknown = await replayed(() => request(sut.server).get(`${detail}?utm_source=replay-test`));
    expect(unknown.response.status).toBe(200);
    expect(unknown.early).toBe(false);
    const withBody = await replayed(() => request(sut.server).get(detail).set('Content-Type', 'text/plain').send('x'));
    expect(withBody.early).toBe(false);
  });

  it('counts an early answer in /metrics by route pattern, echoes the request id and writes the access log line', async () => {
    const scrape = async (): Promise<string> => (await request(sut.server).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;
    const series = (method: string, status: number) => `immo_http_request_duration_seconds_count{method="${method}",route="${DETAIL_ROUTE}",status="${status}"}`;
    const lines: Record<string, unknown>[] = [];
    const log = jest.spyOn(PinoLogger.prototype, 'info').mockImplementation(function (this: PinoLogger, ...args: unknown[]) {
      if (args[1] === 'request') lines.push(args[0] as Record<string, unknown>);
    });
    try {
      const before = await scrape();
      const get = await replayed(() => request(sut.server).get(detail).set('X-Request-Id', 'trace-replay-1'));
      const head = await replayed(() => request(sut.server).head(detail).set('X-Request-Id', 'trace-replay-2'));
      const revalidated = await replayed(() => request(sut.server).get(detail).set('If-None-Match', etags.get('page')!).set('X-Request-Id', 'trace-replay-3'));
      expect([get.early, head.early, revalidated.early]).toEqual([true, true, true]);
      expect([get.response.headers['x-request-id'], head.response.headers['x-request-id'], revalidated.response.headers['x-request-id']]).toEqual([
        'trace-replay-1',
        'trace-replay-2',
        'trace-replay-3',
      ]);
      const after = await scrape();
      expect(valueOf(after, series('GET', 200)) - valueOf(before, series('GET', 200))).toBe(1);
      expect(valueOf(after, series('HEAD', 200)) - valueOf(before, series('HEAD', 200))).toBe(1);
      expect(valueOf(after, series('GET', 304)) - valueOf(before, series('GET', 304))).toBe(1);
      expect(after).toMatch(new RegExp(`immo_http_request_duration_seconds_bucket\\{le="0\\.005",method="GET",route="${DETAIL_ROUTE.replace(/[/:]/g, '\\$&')}",status="200"\\} \\d+`));
      expect(lines.filter((line) => String(line.reqId).startsWith('trace-replay-'))).toEqual([
        { reqId: 'trace-replay-1', method: 'GET', route: DETAIL_ROUTE, status: 200, ms: expect.any(Number) },
        { reqId: 'trace-replay-2', method: 'HEAD', route: DETAIL_ROUTE, status: 200, ms: expect.any(Number) },
        { reqId: 'trace-replay-3', method: 'GET', route: DETAIL_ROUTE, status: 304, ms: expect.any(Number) },
      ]);
    } finally {
      log.mockRestore();
    }
  });
});
