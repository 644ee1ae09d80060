import { randomUUID } from 'node:crypto';
import { DataSource, type Repository } from 'typeorm';
import { EstateSyncScheduler } from '../../src/estates/persistence/estate-sync.scheduler.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import type { SourceBListing } from '../../src/estates/sources/source-b/source-b.types.js';
import { MailEntity } from '../../src/mail/mail.entity.js';
import { type Locale } from '../../src/routing/locales.js';
import { DigestService } from '../../src/subscriptions/digest.service.js';
import { type DigestFrequency, SubscriptionEntity, type StoredCriteria } from '../../src/subscriptions/subscription.entity.js';
import { storedCriteria } from '../../src/subscriptions/subscription-criteria.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { SmtpTestServer } from '../support/smtp-test-server.js';
import { startReplicas, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

type Cluster = Awaited<ReturnType<typeof startReplicas>>;

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** A listing of source B, by its reference, to change in place as the CRM would. */
function listingB(crm: FakeCrmServer, reference: string): Writable<SourceBListing> & { price: { value: number } } {
  const listing = crm.sourceB.listings.find((item) => item.reference === reference);
  if (!listing) throw new Error(`no listing ${reference} in the fake feed`);
  return listing as Writable<SourceBListing> & { price: { value: number } };
}

/** A new listing in the feed: a copy of the first one under a new id and reference. */
function addListing(crm: FakeCrmServer, id: number, changes: Partial<SourceBListing> = {}): string {
  const reference = `B-${id}`;
  const base = structuredClone(crm.sourceB.listings[0]);
  crm.sourceB.listings.push({ ...base, id, guid: randomUUID(), reference, ...changes });
  return reference;
}

interface DigestCase {
  readonly name: string;
  readonly frequency?: DigestFrequency;
  readonly locale?: Locale;
  /** The subscriber's search, as a query string. */
  readonly search: (reference: string) => string;
  /** A change synced before the subscriber confirms (history that is not news to them). */
  readonly before?: (crm: FakeCrmServer) => void;
  /** Changes the CRM before the sync; returns the reference of the listing concerned. */
  readonly change: (crm: FakeCrmServer) => string;
  /** The card's change line in the mail, or null when no digest is expected. */
  readonly expected: string | null;
}

const CASES: readonly DigestCase[] = [
  { name: 'a new listing', search: (reference) => `reference=${reference}`, change: (crm) => addListing(crm, 5901), expected: 'Nieuw' },
  {
    name: 'a price drop',
    search: (reference) => `reference=${reference}`,
    change: (crm) => {
      const listing = listingB(crm, 'B-5002');
      listing.price = { ...listing.price, value: listing.price.value - 15_000 };
      return 'B-5002';
    },
    expected: 'Prijsdaling: was',
  },
  {
    name: 'a status change back on the market (in French)',
    locale: 'fr',
    search: (reference) => `reference=${reference}`,
    before: (crm) => {
      listingB(crm, 'B-5003').transaction = { statusId: 1 };
    },
    change: (crm) => {
      listingB(crm, 'B-5003').transaction = { statusId: 3 };
      return 'B-5003';
    },
    expected: 'À nouveau disponible : À vendre',
  },
  {
    name: 'no match (a listing for sale, a search to rent)',
    search: (reference) => `reference=${reference}&transaction=rent`,
    change: (crm) => addListing(crm, 5904),
    expected: null,
  },
  {
    name: 'a price rise (not news)',
    search: (reference) => `reference=${reference}`,
    change: (crm) => {
      const listing = listingB(crm, 'B-5005');
      listing.price = { ...listing.price, value: listing.price.value + 15_000 };
      return 'B-5005';
    },
    expected: null,
  },
  {
    name: 'a new listing on request, for a search with a price bound around its hidden price (no match)',
    search: (reference) => `reference=${reference}&priceMin=250000&priceMax=350000`,
    change: (crm) => addListing(crm, 5906, { price: { value: 300_000, visible: false } }),
    expected: null,
  },
  {
    name: 'a drop of a hidden price (not news: the visitor never saw it)',
    search: (reference) => `reference=${reference}`,
    before: (crm) => {
      listingB(crm, 'B-5006').price = { ...listingB(crm, 'B-5006').price, visible: false };
    },
    change: (crm) => {
      const listing = listingB(crm, 'B-5006');
      listing.price = { ...listing.price, value: listing.price.value - 15_000 };
      return 'B-5006';
    },
    expected: null,
  },
];

describe('digests of listing changes for subscribers', () => {
  let crm: FakeCrmServer;
  let smtp: SmtpTestServer;
  let cluster: Cluster;
  let first: TestApp;
  let subscriptions: () => Repository<SubscriptionEntity>;
  let mails: () => Repository<MailEntity>;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    await crm.start();
    smtp = new SmtpTestServer();
    await smtp.start();
    cluster = await startReplicas(2, { ...fakeCrmEnv(crm), SMTP_URL: smtp.url });
    first = cluster.replicas[0];
    // Every listing of the feed is known before the first case: its first sighting is history, not news.
    for (const replica of cluster.replicas) await replica.app.get(EstateSyncScheduler).waitForFill();
    await first.app.get(EstateSyncService).syncAll();
    subscriptions = () => first.app.get(DataSource).getRepository(SubscriptionEntity);
    mails = () => first.app.get(DataSource).getRepository(MailEntity);
  });

  afterAll(async () => {
    await cluster?.close();
    await smtp.stop();
    await crm.stop();
  });

  /** An active subscriber who confirmed just now (earlier history is not news to them). */
  const subscriber = async (email: string, criteria: StoredCriteria, options: { frequency?: DigestFrequency; locale?: Locale; status?: 'active' | 'unconfirmed' } = {}) => {
    const now = new Date();
    const row: SubscriptionEntity = {
      id: randomUUID(),
      email,
      name: 'Sam',
      locale: options.locale ?? 'nl',
      criteria,
      frequency: options.frequency ?? 'instant',
      status: options.status ?? 'active',
      expiresAt: options.status === 'unconfirmed' ? new Date(Date.now() + 3600_000) : null,
      createdAt: now,
      updatedAt: now,
      confirmedAt: options.status === 'unconfirmed' ? null : now,
      unsubscribedAt: null,
      anonymizedAt: null,
      lastDigestAt: null,
    };
    await subscriptions().insert(row);
    return row;
  };
  const criteriaOf = (query: string) => storedCriteria(new URLSearchParams(query));
  const sync = () => first.app.get(EstateSyncService).syncAll();
  /** Both replicas run the matcher at the same time (the after-sync job may run it too). */
  const runOnBothReplicas = () => Promise.all(cluster.replicas.map((replica) => replica.app.get(DigestService).run()));
  const digestsTo = (email: string) => mails().find({ where: { to: email, template: 'subscription-digest' }, order: { createdAt: 'ASC' } });

  it.each(CASES.map((digestCase, index) => [digestCase.name, digestCase, index] as const))('%s', async (_name, digestCase, index) => {
    const email = `case-${index}@example.be`;
    if (digestCase.before) {
      digestCase.before(crm);
      await sync();
    }
    const reference = digestCase.change(crm);
    await subscriber(email, criteriaOf(digestCase.search(reference)), { locale: digestCase.locale, frequency: digestCase.frequency });
    // The change must come after the subscriber confirmed: sync now.
    await sync();
    await runOnBothReplicas();

    const sent = await digestsTo(email);
    if (digestCase.expected === null) {
      expect(sent).toHaveLength(0);
      return;
    }
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain(digestCase.expected);
    expect(sent[0].locale).toBe(digestCase.locale ?? 'nl');
  });

  it('sends an event once: the matcher running again finds it delivered', async () => {
    const email = 'again@example.be';
    const reference = addListing(crm, 5910);
    await subscriber(email, criteriaOf(`reference=${reference}`));
    await sync();
    await runOnBothReplicas();
    await runOnBothReplicas();
    await first.app.get(DigestService).run();
    expect(await digestsTo(email)).toHaveLength(1);
  });

  it('sends one digest per subscriber when two replicas run the matcher at once', async () => {
    const references = [addListing(crm, 5920), addListing(crm, 5921)];
    const emails = ['replica-a@example.be', 'replica-b@example.be', 'replica-c@example.be'];
    for (const email of emails) await subscriber(email, criteriaOf('reference=B-592'));
    await sync();
    await Promise.all([runOnBothReplicas(), runOnBothReplicas()]);
    for (const email of emails) {
      const sent = await digestsTo(email);
      expect(sent).toHaveLength(1);
      for (const reference of references) expect(sent[0].text).toContain(`/nl/aanbod/${reference.slice(2)}/`);
    }
  });

  it('collects a daily subscriber’s events into one digest a day', async () => {
    const email = 'daily@example.be';
    const base = crm.sourceB.listings[0].address as Record<string, unknown> & { city: Record<string, unknown> };
    const elsewhere = () => ({ address: { ...base, city: { ...base.city, zip: '9994', name: 'Dagdorp' } } });
    addListing(crm, 5930, elsewhere());
    await subscriber(email, criteriaOf('locations=9994'), { frequency: 'daily' });
    await sync();
    await runOnBothReplicas();
    expect(await digestsTo(email)).toHaveLength(1);

    addListing(crm, 5931, elsewhere());
    await sync();
    await runOnBothReplicas();
    // The second listing waits for tomorrow's digest.
    expect(await digestsTo(email)).toHaveLength(1);
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    await first.app.get(DigestService).run(tomorrow);
    const sent = await digestsTo(email);
    expect(sent).toHaveLength(2);
    expect(sent[1].text).toContain('/nl/aanbod/5931/');
    expect(sent[1].text).not.toContain('/nl/aanbod/5930/');
  });

  it('follows the new filters (issue 38): a new listing with a garden and EPC B is mailed, one without a garden is not, and the mail says the search', async () => {
    const email = 'garden@example.be';
    const base = crm.sourceB.listings[0] as unknown as Record<string, Record<string, unknown>> & { address: Record<string, unknown> & { city: Record<string, unknown> } };
    const inTuinwijk = { address: { ...base.address, city: { ...base.address.city, zip: '9995', name: 'Tuinwijk' } }, layoutRooms: [], energy: { ...base.energy, energyLabel: 'B' } };
    addListing(crm, 5960, { ...inTuinwijk, comfort: { ...base.comfort, garden: 'FULLY_LANDSCAPED' } } as Partial<SourceBListing>);
    addListing(crm, 5961, { ...inTuinwijk, comfort: { ...base.comfort, garden: null, gardenSurface: null } } as Partial<SourceBListing>);
    await subscriber(email, criteriaOf('locations=9995&garden=1&epc=C'));
    await sync();
    await runOnBothReplicas();
    const sent = await digestsTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toContain('/nl/aanbod/5960/');
    expect(sent[0].text).not.toContain('/nl/aanbod/5961/');
    expect(sent[0].text).toContain('EPC-label: C of beter');
    expect(sent[0].text).toContain('Met: tuin');
  });

  it('mails nobody who has not confirmed', async () => {
    const email = 'unconfirmed@example.be';
    const reference = addListing(crm, 5940);
    await subscriber(email, criteriaOf(`reference=${reference}`), { status: 'unconfirmed' });
    await sync();
    await runOnBothReplicas();
    expect(await digestsTo(email)).toHaveLength(0);
  });

  it('runs after a sync by itself and delivers the digest over SMTP with cards and the one-click unsubscribe headers', async () => {
    const email = 'by-itself@example.be';
    const reference = addListing(crm, 5950);
    await subscriber(email, criteriaOf(`reference=${reference}`));
    await sync();
    // No explicit run: the change feed queued the digest job.
    await until('digest delivered', async () => smtp.received.some((mail) => JSON.stringify(mail.to).includes(email)), Boolean, { timeoutMs: 30_000 });
    const mail = smtp.received.find((item) => JSON.stringify(item.to).includes(email))!;
    expect(mail.subject).toBe('1 pand voor uw zoekopdracht');
    expect(mail.html).toContain('<table role="presentation"');
    expect(mail.html).toMatch(/<img src="http:\/\/immo\.test\/property-images\/[^"]+\/768w\/[^"]+\.jpg/);
    expect(mail.text).toContain('http://immo.test/nl/aanbod/5950/');
    expect(mail.text).toMatch(/http:\/\/immo\.test\/nl\/hou-me-op-de-hoogte\/uitschrijven\/[A-Za-z0-9_-]{43}/);
    const headers = mail.headerLines.map((line) => line.line.replace(/\r?\n\s+/g, ' '));
    expect(headers.filter((line) => line.startsWith('List-Unsubscribe:'))).toEqual([expect.stringMatching(/^List-Unsubscribe: <http:\/\/immo\.test\/nl\/hou-me-op-de-hoogte\/uitschrijven\/[A-Za-z0-9_-]{43}>$/)]);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});
