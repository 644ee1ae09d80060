import { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource, IsNull } from 'typeorm';
import { EstateEntity } from '../../src/estates/persistence/estate.entity.js';
import { InquiryEntity } from '../../src/inquiries/inquiry.entity.js';
import { urlFor } from '../../src/routing/routes.js';
import { PinoLogger } from 'nestjs-pino';
import { loadConfig } from '../../src/config/config.js';
import { startReplicas, startTestApp, type TestApp } from '../support/test-app.js';

const EXTRA_INFO = {
  name: 'Jan Peeters',
  email: 'jan@example.be',
  phone: '+32 470 12 34 56',
  message: 'Is een bezoek zaterdag mogelijk?',
  privacyConsent: 'on',
};

const SEND_TO_FRIEND = { name: 'Marie', email: 'marie@example.be', friendName: 'Luc', friendEmail: 'luc@example.be', message: 'Kijk eens!' };

/** Sends raw bytes and returns the status line and the whole answer (for what supertest cannot send). */
async function rawRequest(server: TestApp['server'], text: string | Buffer): Promise<string> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.connect(port, '127.0.0.1', () => socket.end(text));
  });
}

describe('form pipeline', () => {
  let sut: TestApp;
  let estateId: number;

  beforeAll(async () => {
    sut = await startTestApp({ FORM_RATE_LIMIT: '200', SEND_TO_FRIEND_PER_RECIPIENT_PER_DAY: '2', SEND_TO_FRIEND_PER_HOUR: '4' });
    const listing = await sut.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' } });
    estateId = listing!.id;
  });

  afterAll(() => sut.close());

  const inquiries = () => sut.app.get(DataSource).getRepository(InquiryEntity);
  const post = (route: 'ajaxContactForm' | 'ajaxSendToFriend', fields: Record<string, unknown>, locale: 'nl' | 'fr' | 'en' | 'de' = 'en') =>
    request(sut.server).post(urlFor(route, locale)).set('HX-Request', 'true').type('form').send({ estateId: String(estateId), ...fields });

  describe.each([
    ['extra information', 'ajaxContactForm', EXTRA_INFO, 'message'],
    ['send to a friend', 'ajaxSendToFriend', SEND_TO_FRIEND, 'friendName'],
  ] as const)('%s', (_, route, valid, textField) => {
    it('refuses NUL and control characters with 422 and a localized message, storing nothing', async () => {
      const before = await inquiries().count();
      const response = await post(route, { ...valid, [textField]: 'Hallo\u0000daar' }, 'nl');
      expect(response.status).toBe(422);
      expect(response.text).toContain('Dit veld bevat tekens die we niet aanvaarden.');
      expect(await inquiries().count()).toBe(before);
    });

    it('refuses over-long values with 422, storing nothing', async () => {
      const before = await inquiries().count();
      const response = await post(route, { ...valid, name: 'x'.repeat(1000) }, 'fr');
      expect(response.status).toBe(422);
      expect(response.text).toContain('Ce texte est trop long.');
      expect(await inquiries().count()).toBe(before);
    });

    it('refuses a JSON body nested too deeply with 422, and malformed JSON with 400, never a 500', async () => {
      let deep: unknown = 'x';
      for (let level = 0; level < 50; level++) deep = { a: deep };
      const nested = await request(sut.server).post(urlFor(route, 'en')).set('Content-Type', 'application/json').send(JSON.stringify({ ...valid, estateId, extra: deep }));
      expect(nested.status).toBe(422);
      const hostile = await request(sut.server).post(urlFor(route, 'en')).set('Content-Type', 'application/json').send(`${'['.repeat(20000)}${']'.repeat(20000)}`);
      expect(hostile.status).toBeGreaterThanOrEqual(400);
      expect(hostile.status).toBeLessThan(500);
      const malformed = await request(sut.server).post(urlFor(route, 'en')).set('Content-Type', 'application/json').send('{"name": ');
      expect(malformed.status).toBe(400);
    });

    it.each([
      ['a string instead of a form', 'plain text'],
      ['an array of values', { name: ['a', 'b'], email: ['x'] }],
      ['an empty body', {}],
    ])('answers %s with a 4xx, never a 500', async (_label, body) => {
      const response = await request(sut.server).post(urlFor(route, 'en')).set('HX-Request', 'true').send(body as object);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    });

    it('refuses a post from another site with 403, storing nothing', async () => {
      const before = await inquiries().count();
      const response = await request(sut.server)
        .post(urlFor(route, 'en'))
        .set('Sec-Fetch-Site', 'cross-site')
        .set('Origin', 'https://evil.example')
        .type('form')
        .send({ estateId: String(estateId), ...valid });
      expect(response.status).toBe(403);
      expect(await inquiries().count()).toBe(before);
      const viaOrigin = await request(sut.server).post(urlFor(route, 'en')).set('Origin', 'https://evil.example').type('form').send({ estateId: String(estateId), ...valid });
      expect(viaOrigin.status).toBe(403);
    });

    it('stores a double submit once and thanks both', async () => {
      const unique = { ...valid, email: `double-${route}@example.be` };
      const [first, second] = await Promise.all([post(route, unique), post(route, unique)]);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(await inquiries().countBy({ email: unique.email })).toBe(1);
    });
  });

  describe('send to a friend is no open relay', () => {
    it('refuses links in the personal message', async () => {
      const response = await post('ajaxSendToFriend', { ...SEND_TO_FRIEND, friendEmail: 'links@example.be', message: 'Win a prize at prize.xyz/claim' }, 'nl');
      expect(response.status).toBe(422);
      expect(response.text).toContain('Laat links en webadressen weg uit uw bericht.');
    });

    it('caps the personal message', async () => {
      const response = await post('ajaxSendToFriend', { ...SEND_TO_FRIEND, friendEmail: 'long@example.be', message: 'a'.repeat(501) });
      expect(response.status).toBe(422);
    });

    it('limits mails per recipient, whoever sends them', async () => {
      const to = { friendEmail: 'Popular@Example.be' };
      expect((await post('ajaxSendToFriend', { ...SEND_TO_FRIEND, ...to, name: 'A' })).status).toBe(200);
      expect((await post('ajaxSendToFriend', { ...SEND_TO_FRIEND, ...to, name: 'B', email: 'b@example.be' })).status).toBe(200);
      const third = await post('ajaxSendToFriend', { ...SEND_TO_FRIEND, friendEmail: 'popular@example.be', name: 'C', email: 'c@example.be' }, 'de');
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toMatch(/^\d+$/);
      expect(await inquiries().countBy({ friendEmail: 'popular@example.be', name: 'C' })).toBe(0);
    });

    it('limits mails per hour over the whole site', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await post('ajaxSendToFriend', { ...SEND_TO_FRIEND, friendEmail: `site-${i}@example.be` })).status);
      expect(statuses).toContain(429);
    });
  });

  describe('framework-level errors', () => {
    it('answers a malformed percent-encoding with the localized 400 page and security headers, without echoing the URL', async () => {
      const response = await request(sut.server).get('/fr/aanbod/%E0%A4%A/evil-<script>');
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.text).not.toContain('evil');
      expect(response.text).not.toContain('%E0');
    });

    it('answers an over-long URL with 414 and the app page', async () => {
      const response = await request(sut.server).get(`/en/${'a'.repeat(5000)}`);
      expect(response.status).toBe(414);
      expect(response.text).toContain('Address too long');
      expect(response.text).not.toContain('aaaaaaaaaa');
    });

    it('answers headers that are too large with 431 and an error page carrying the security headers', async () => {
      const answer = await rawRequest(sut.server, `GET /nl HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20000)}\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      expect(answer).toMatch(/content-security-policy: default-src 'self'/i);
      expect(answer).toContain('Verzoek te groot');
    });

    it('redirects a trailing slash to the path without it (301), never to another host', async () => {
      const response = await request(sut.server).get('/nl/privacy-verklaring/?a=1');
      expect(response.status).toBe(301);
      expect(response.headers.location).toBe('/nl/privacy-verklaring?a=1');
      const sneaky = await request(sut.server).get('//evil.example/');
      expect(sneaky.headers.location ?? '').not.toContain('evil');
    });
  });
});

describe('shared limits and client addresses', () => {
  it('counts a form limit in the database, shared by two replicas', async () => {
    const cluster = await startReplicas(2, { FORM_RATE_LIMIT: '3', FORM_RATE_WINDOW_SECONDS: '600' });
    try {
      const [a, b] = cluster.replicas;
      const listing = await a.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' } });
      const send = (replica: TestApp, i: number) =>
        request(replica.server).post(urlFor('ajaxContactForm', 'en')).set('HX-Request', 'true').type('form').send({ estateId: String(listing!.id), ...EXTRA_INFO, email: `replica-${i}@example.be` });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await send(i % 2 === 0 ? a : b, i)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await cluster.close();
    }
  });

  /** Three forms (limit 2) posted by loopback, which plays the trusted proxy, with the X-Forwarded-For each names. */
  async function postThroughProxy(forwardedFor: (i: number) => string, then?: (send: (forwardedFor: string, i: number) => Promise<number>) => Promise<void>): Promise<number[]> {
    const sut = await startTestApp({ TRUST_PROXY: '127.0.0.1', FORM_RATE_LIMIT: '2' });
    try {
      const listing = await sut.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' } });
      const send = async (value: string, i: number) =>
        (
          await request(sut.server)
            .post(urlFor('ajaxContactForm', 'en'))
            .set('HX-Request', 'true')
            .set('X-Forwarded-For', value)
            .type('form')
            .send({ estateId: String(listing!.id), ...EXTRA_INFO, email: `proxy-${i}@example.be` })
        ).status;
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await send(forwardedFor(i), i));
      await then?.(send);
      return statuses;
    } finally {
      await sut.close();
    }
  }

  it('behind a trusted proxy (TRUST_PROXY=127.0.0.1) takes the address the proxy saw, so a forged X-Forwarded-For resets nothing', async () => {
    // The client forges the leftmost address each time; the proxy appends the one it saw (203.0.113.7).
    const statuses = await postThroughProxy(
      (i) => `10.0.0.${i}, 203.0.113.7`,
      // Another client, seen by the proxy at another address, has its own count.
      async (send) => expect(await send('10.0.0.1, 198.51.100.9', 9)).toBe(200),
    );
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('counts an IPv6 visitor by its /64: rotating the interface part resets nothing, another network has its own count', async () => {
    const statuses = await postThroughProxy(
      (i) => `2001:db8:aa:bb:${i + 1}::${(i * 7919).toString(16)}`,
      async (send) => {
        // The same /64, written in full; then the next /64 over.
        expect(await send('2001:0db8:00aa:00bb:ffff:ffff:ffff:fffe', 7)).toBe(429);
        expect(await send('2001:db8:aa:bc::1', 8)).toBe(200);
      },
    );
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('answers a 3,000-character X-Forwarded-For, counting it as the proxy it came through', async () => {
    // Not an address: each forged value is the proxy's, so they share one count.
    expect(await postThroughProxy((i) => String(i).repeat(3000))).toEqual([200, 200, 429]);
  });

  it('refuses TRUST_PROXY=true and hop counts: the leftmost X-Forwarded-For is whatever the client wrote', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('without a trusted proxy, X-Forwarded-For is ignored: a client cannot reset its limit', async () => {
    const sut = await startTestApp({ FORM_RATE_LIMIT: '2' });
    try {
      const listing = await sut.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' } });
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const response = await request(sut.server)
          .post(urlFor('ajaxContactForm', 'en'))
          .set('HX-Request', 'true')
          .set('X-Forwarded-For', `10.9.9.${i}`)
          .type('form')
          .send({ estateId: String(listing!.id), ...EXTRA_INFO, email: `direct-${i}@example.be` });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await sut.close();
    }
  });
});

describe('access log', () => {
  it('writes one line per request with method, route pattern, status, duration and request id, and no personal data', async () => {
    const sut = await startTestApp({ LOG_REQUESTS: 'true', LOG_LEVEL: 'info' });
    const lines: unknown[][] = [];
    const spy = jest.spyOn(PinoLogger.prototype, 'info').mockImplementation(function (this: PinoLogger, ...args: unknown[]) {
      lines.push(args);
    });
    try {
      const listing = await sut.app.get(DataSource).getRepository(EstateEntity).findOne({ where: { parentId: IsNull(), status: 'FOR_SALE' }, order: { id: 'ASC' } });
      await request(sut.server).get('/nl?q=jan.peeters%40example.be');
      await request(sut.server)
        .post(urlFor('ajaxContactForm', 'nl'))
        .set('X-Request-Id', 'trace-42')
        .type('form')
        .send({ estateId: String(listing!.id), ...EXTRA_INFO, name: 'Jan Peeters', email: 'jan.peeters@example.be' });
      const access = lines.filter(([, message]) => message === 'request').map(([fields]) => fields as Record<string, unknown>);
      expect(access).toEqual([
        { reqId: expect.any(String), method: 'GET', route: '/nl', status: 200, ms: expect.any(Number) },
        { reqId: 'trace-42', method: 'POST', route: '/nl/ajax/contact-form-handler', status: 303, ms: expect.any(Number) },
      ]);
      expect(JSON.stringify(lines)).not.toMatch(/peeters|example\.be|Jan/i);
    } finally {
      spy.mockRestore();
      await sut.close();
    }
  });
});
