import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { EstateDetailService } from '../../src/detail/estate-detail.service.js';
import { MAIL_QUEUE } from '../../src/mail/mail-queue.js';
import { MailRepository } from '../../src/mail/mail.repository.js';
import { closeServer, listenOnLoopback } from '../support/loopback-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const TOKEN = 'metrics-test-token-0123456789abcdef';

/** The value of one series in Prometheus's text format (`name{labels} value`); NaN when it is not there. */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
}

async function freePort(): Promise<number> {
  const server = await listenOnLoopback(() => undefined);
  const { port } = server.address() as AddressInfo;
  await closeServer(server);
  return port;
}

describe('/metrics on the public port, with METRICS_TOKEN', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp({ METRICS_TOKEN: TOKEN });
  });

  afterAll(async () => {
    await sut?.close();
  });

  const scrape = async (): Promise<string> => {
    const response = await request(sut.server).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.text;
  };

  const detailPath = async (id: number): Promise<string> => (await sut.app.get(EstateDetailService).find(id))!.paths.nl;

  it('answers 401 without the token or with a wrong one', async () => {
    const missing = await request(sut.server).get('/metrics');
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect(missing.text).not.toContain('immo_');
    const wrong = await request(sut.server).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain('immo_');
  });

  it('times requests by route pattern and status, never by their URL', async () => {
    const path = await detailPath(1001);
    await request(sut.server).get(`${path}?utm_source=mail`).expect(200);
    await request(sut.server).get('/zz/no/such/page/here').expect(404);
    const text = await scrape();
    expect(valueOf(text, 'immo_http_request_duration_seconds_count{method="GET",route="/nl/aanbod/:estateId/:slug",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'immo_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/immo_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/nl\/aanbod\/:estateId\/:slug",status="200"\} \d+/);
    expect(text).not.toContain(path);
    expect(text).not.toContain('utm_source');
    expect(text).not.toContain('no/such/page');
  });

  it('counts a page rendered once as a miss, and the same page asked again as a hit', async () => {
    const path = await detailPath(1002);
    const before = await scrape();
    await request(sut.server).get(path).expect(200);
    await request(sut.server).get(path).expect(200);
    const after = await scrape();
    expect(valueOf(after, 'immo_render_cache_misses_total') - valueOf(before, 'immo_render_cache_misses_total')).toBe(1);
    expect(valueOf(after, 'immo_render_cache_hits_total') - valueOf(before, 'immo_render_cache_hits_total')).toBe(1);
  });

  it('shows a mail out of attempts in the failed mails, and the leads not delivered', async () => {
    const mails = sut.app.get(MailRepository);
    const before = valueOf(await scrape(), 'immo_mails{status="failed"}');
    const id = randomUUID();
    await sut.app.get(DataSource).transaction((manager) =>
      mails.add(manager, {
        id,
        to: 'visitor@example.be',
        replyTo: null,
        locale: 'nl',
        template: 'send-to-friend',
        subject: 'Een woning voor jou',
        html: '<p>Kijk eens</p>',
        text: 'Kijk eens',
        inquiryId: null,
        headers: null,
        icalEvent: null,
      }),
    );
    expect(valueOf(await scrape(), 'immo_mails{status="pending"}')).toBeGreaterThanOrEqual(1);
    await mails.markAttemptFailed(id, 'SMTP refused it', true);
    const text = await scrape();
    expect(valueOf(text, 'immo_mails{status="failed"}')).toBe(before + 1);
    expect(valueOf(text, 'immo_leads{status="failed"}')).toBe(0);
    expect(valueOf(text, 'immo_leads{status="pending"}')).toBeGreaterThanOrEqual(0);
  });

  it("reports each demo source's sync age and each job queue's depth", async () => {
    const text = await scrape();
    for (const source of ['A', 'B']) {
      const age = valueOf(text, `immo_source_last_sync_age_seconds{source="${source}"}`);
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThan(600);
    }
    for (const state of ['queued', 'active', 'failed']) {
      expect(valueOf(text, `immo_jobs{queue="${MAIL_QUEUE}",state="${state}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(valueOf(text, 'immo_metrics_read_failures_total')).toBeNaN();
  });
});

describe('/metrics on METRICS_PORT', () => {
  let sut: TestApp;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    sut = await startTestApp({ METRICS_PORT: String(port) });
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('serves the metrics on its own port without a token', async () => {
    await request(sut.server).get('/nl').expect(200);
    const response = await fetch(`${origin}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(valueOf(await response.text(), 'immo_http_request_duration_seconds_count{method="GET",route="/nl",status="200"}')).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${origin}/`)).status).toBe(404);
  });

  it('has no /metrics on the public port when no token is configured, whatever the request sends', async () => {
    await request(sut.server).get('/metrics').expect(404);
    await request(sut.server).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(404);
  });
});
