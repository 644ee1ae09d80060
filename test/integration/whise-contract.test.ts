import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import type { WhiseDetail, WhiseEstate, WhiseRepresentative, WhiseText } from '../../src/estates/sources/whise/whise.types.js';
import { urlFor } from '../../src/routing/routes.js';
import { PROJECT_ROOT } from '../../src/utils/paths.js';
import { FakeWhiseServer, fakeWhiseEnv, whiseFixture } from '../support/fake-whise-server.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { photoKey } from '../../src/estates/images/photo-keys.js';

/*
 * The contract between our Whise code and Whise as public evidence shows it (docs/crm/whise.md): the recorded-shape
 * fixture has the real recorded answer's keys, nesting and value types (a fixture in the old, guessed shapes fails),
 * and replayed through the real client over HTTP, the sync and the rendered pages, every Whise listing shows what it
 * carries, in nl and fr.
 */

interface RecordedShape {
  readonly answer: Readonly<Record<string, string>>;
  readonly estate: Readonly<Record<string, string | readonly string[]>>;
  readonly nested: Readonly<Record<string, Readonly<Record<string, string | readonly string[]>>>>;
  readonly pictureUrl: string;
  readonly listDetailTypes: readonly string[];
}

const SHAPE = JSON.parse(readFileSync(join(PROJECT_ROOT, 'test/fixtures/whise/recorded-shape.json'), 'utf8')) as RecordedShape;

const typeOf = (value: unknown): string => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
const allows = (expected: string | readonly string[] | undefined, actual: string): boolean =>
  expected !== undefined && (typeof expected === 'string' ? expected === actual : expected.includes(actual));

/** Where an answer of `v1/estates/list` departs from the recorded answer's shape (empty: none). */
function shapeProblems(answer: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(answer)) {
    if (!allows(SHAPE.answer[key], typeOf(value))) problems.push(`answer.${key}: ${typeOf(value)} is not in the recorded answer`);
  }
  const checkObject = (path: string, value: Record<string, unknown>, shape: Readonly<Record<string, string | readonly string[]>> | undefined) => {
    for (const [key, inner] of Object.entries(value)) {
      if (!allows(shape?.[key], typeOf(inner))) problems.push(`${path}.${key}: ${typeOf(inner)} is not in the recorded answer`);
    }
  };
  for (const estate of (answer.estates ?? []) as Array<Record<string, unknown>>) {
    const at = `estate ${String(estate.id)}`;
    for (const [key, value] of Object.entries(estate)) {
      const type = typeOf(value);
      if (!allows(SHAPE.estate[key], type)) {
        problems.push(`${at}.${key}: ${type} is not in the recorded answer`);
        continue;
      }
      if (type === 'object') checkObject(`${at}.${key}`, value as Record<string, unknown>, SHAPE.nested[key]);
      if (type === 'array') {
        for (const item of value as unknown[]) {
          if (typeOf(item) !== 'object') problems.push(`${at}.${key}[]: ${typeOf(item)} is not in the recorded answer`);
          else checkObject(`${at}.${key}[]`, item as Record<string, unknown>, SHAPE.nested[`${key}[]`]);
        }
      }
    }
    for (const detail of (Array.isArray(estate.details) ? estate.details : []) as WhiseDetail[]) {
      if (detail.enum && typeof detail.enum === 'object') checkObject(`${at}.details[${String(detail.id)}].enum`, detail.enum as Record<string, unknown>, SHAPE.nested['details[].enum']);
      if (SHAPE.listDetailTypes.includes(String(detail.type)) && typeof detail.enum?.id !== 'number') {
        problems.push(`${at}.details[${String(detail.id)}]: a list detail (${String(detail.type)}) without enum.id`);
      }
    }
    for (const picture of (Array.isArray(estate.pictures) ? estate.pictures : []) as Array<Record<string, unknown>>) {
      for (const size of ['urlSmall', 'urlLarge', 'urlXXL']) {
        if (picture[size] !== undefined && !new RegExp(SHAPE.pictureUrl).test(String(picture[size]))) problems.push(`${at}.pictures[].${size}: ${String(picture[size])} is not on Whise storage`);
      }
    }
  }
  return problems;
}

const FIXTURE_ANSWER = JSON.parse(readFileSync(join(PROJECT_ROOT, 'test/fixtures/whise/estates.json'), 'utf8')) as Record<string, unknown>;
const { estates: RAW, representatives: REPRESENTATIVES } = whiseFixture();

const detailOf = (raw: WhiseEstate, id: number): WhiseDetail | undefined => (raw.details as WhiseDetail[]).find((detail) => detail.id === id);
const textOf = (html: string): string =>
  html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;|&rsquo;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

describe('Whise contract: the recorded-shape fixture', () => {
  it("has exactly the recorded answer's keys, nesting and value types", () => {
    expect(shapeProblems(FIXTURE_ANSWER)).toEqual([]);
  });

  it('a fixture in the old, guessed shapes fails the check', () => {
    const house = RAW[0]!;
    const old = {
      estates: [
        {
          ...house,
          latitude: 51.05,
          longitude: 3.72,
          subcategory: { id: 11 },
          energyValue: 212,
          details: [{ id: 2222, group: 'planning', label: 'Possible flood', type: 'possibleFloodType', value: 1230 }],
          pictures: [{ id: 1, order: 1, urlSmall: 'https://r.whise.eu/pictures/4668/thumbs/1-a.jpg', urlLarge: 'https://r.whise.eu/pictures/4668/1-a.jpg' }],
        },
      ],
      totalCount: 1,
    };
    const problems = shapeProblems(old).join('\n');
    expect(problems).toContain('estate 7101001.energyValue: number is not in the recorded answer');
    expect(problems).toContain('estate 7101001.latitude: number is not in the recorded answer');
    expect(problems).toContain('estate 7101001.longitude: number is not in the recorded answer');
    expect(problems).toContain('estate 7101001.subcategory: object is not in the recorded answer');
    expect(problems).toContain('estate 7101001.details[].value: number is not in the recorded answer');
    expect(problems).toContain('estate 7101001.details[2222]: a list detail (possibleFloodType) without enum.id');
    expect(problems).toContain('estate 7101001.pictures[].urlLarge: https://r.whise.eu/pictures/4668/1-a.jpg is not on Whise storage');
  });

  it('holds what the replay must prove: sale and rent, houses, flats, an office and a plot, a project with units, the three regions, a range, hidden ones', () => {
    const ids = (test: (raw: WhiseEstate) => boolean) => RAW.filter(test).map((raw) => raw.id);
    expect(ids((raw) => (raw.purpose as { id: number }).id === 2).length).toBeGreaterThan(0);
    expect(new Set(RAW.map((raw) => (raw.category as { id: number }).id))).toEqual(new Set([1, 2, 3, 4]));
    expect(ids((raw) => raw.canHaveChildren === true)).toEqual([7101004]);
    expect(ids((raw) => raw.parentId === 7101004)).toEqual([7101005, 7101006]);
    expect(new Set(RAW.map((raw) => String(raw.zip)[0]))).toEqual(new Set(['9', '1', '5', '3', '4', '2', '8']));
    expect(ids((raw) => typeof raw.energyValue === 'string' && raw.energyValue.includes('-'))).toEqual([7101002]);
    expect(ids((raw) => raw.displayStatusId === 1 || (raw.status as { id: number }).id !== 1)).toEqual([7101010, 7101011]);
  });
});

describe('Whise contract: the fixture replayed through the client, the sync and the pages', () => {
  let whise: FakeWhiseServer;
  let sut: TestApp;
  const shown = RAW.filter((raw) => raw.displayStatusId !== 1 && (raw.status as { id: number }).id === 1);

  beforeAll(async () => {
    whise = new FakeWhiseServer();
    await whise.start();
    sut = await startTestApp(fakeWhiseEnv(whise));
  });

  afterAll(async () => {
    await sut?.close();
    await whise?.stop();
  });

  it('a full sync reads every estate with details and representatives, shows every public one and hides the offline and archived ones', async () => {
    const report = await sut.app.get(EstateSyncService).syncAll(undefined, { full: true });
    const w = report.sources.find((source) => source.source === 'W')!;
    expect(w).toMatchObject({ ok: true, mode: 'full', skipped: [] });
    expect(w.hidden).toEqual({ 'offline in Whise (display status 1)': 1, 'archived in Whise (status 5)': 1 });
    const list = whise.requests.filter((call) => call.path === '/v1/estates/list').at(-1)!;
    expect(list.body.Filter).toMatchObject({ ShowDetails: true, ShowRepresentatives: true });
  });

  it('an estate updated in Whise and taken offline is hidden by the next (incremental) sync', async () => {
    const service = sut.app.get(EstateSyncService);
    const before = await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: 7101003 }));
    expect(before.status).toBe(301);
    const original = whise.estates;
    try {
      whise.estates = original.map((raw) => (raw.id === 7101003 ? { ...raw, displayStatusId: 1, updateDateTime: new Date().toISOString() } : raw));
      const report = await service.syncAll();
      expect(report.sources.find((source) => source.source === 'W')).toMatchObject({ ok: true, mode: 'incremental', removed: 1 });
      const call = whise.requests.filter((item) => item.path === '/v1/estates/list').at(-1)!;
      expect(call.body.Filter).toHaveProperty('UpdateDateTimeRange.Min');
      expect((await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: 7101003 }))).status).toBe(404);
    } finally {
      whise.estates = original;
      await service.syncAll(undefined, { full: true });
    }
  });

  const pages = shown.flatMap((raw) => (['nl', 'fr'] as const).map((locale) => [raw.id as number, locale] as const));

  it.each(pages)('listing %i in %s shows its photos, map, description, EPC, planning answers, sales rep and buyer fields', async (id, locale) => {
    const raw = shown.find((estate) => estate.id === id)!;
    const short = await request(sut.server).get(urlFor('detailShort', locale, { estateId: id }));
    expect(short.status).toBe(301);
    const page = await request(sut.server).get(short.headers.location as string);
    expect(page.status).toBe(200);
    const html = page.text;
    const text = textOf(html);

    // Photos: the first picture, through the site's proxy (the default PHOTO_HOSTS allows Whise storage).
    const first = (raw.pictures as Array<{ urlLarge: string }>)[0]!.urlLarge;
    expect(html).toContain(`/property-images/h/${photoKey(first)}/`);
    // Map: the pin at details 1849/1850.
    const lat = Number(detailOf(raw, 1849)!.value);
    const lon = Number(detailOf(raw, 1850)!.value);
    expect(html).toContain(`data-island="map" data-props="{&quot;lat&quot;:${lat},&quot;lon&quot;:${lon}`);
    // Description: the long one where it exists, else the short one, in the page's language.
    const language = `${locale}-BE`;
    const description = [raw.longDescription, raw.shortDescription]
      .map((texts) => (Array.isArray(texts) ? (texts as WhiseText[]).find((item) => item.languageId === language)?.content : undefined))
      .find((content) => typeof content === 'string') as string;
    expect(text).toContain(textOf(description).trim().replace(/&[a-z]+;/g, '').slice(0, 30));
    // EPC: label, value, unique code, certificate dates (where the estate carries them).
    if (raw.energyClass !== undefined) expect(html).toContain('data-field="energy.energyLabel"');
    if (detailOf(raw, 2391)) {
      expect(text).toContain(String(detailOf(raw, 2391)!.value));
      expect(html).toContain('data-field="energy.issuedOn"');
      expect(html).toContain('data-field="energy.validUntil"');
    }
    if (raw.energyValue !== undefined) expect(html).toContain('data-field="energy.epcValue"');
    // Planning: the answers the CRM holds are shown, never "not entered".
    const notEntered = locale === 'nl' ? 'Niet ingegeven' : 'Non renseigné';
    const row = (field: string) => new RegExp(`data-field="${field.replace('.', '\\.')}"><dt>[^<]*</dt><dd>([^<]*)</dd>`).exec(html)?.[1];
    const answered = (field: string) => {
      const shown = row(field);
      return typeof shown === 'string' && shown.trim() !== '' && shown !== notEntered;
    };
    const zip = Number(raw.zip);
    const flandersSale = ((zip >= 1500 && zip < 4000) || zip >= 8000) && (raw.purpose as { id: number }).id === 1;
    // In a Flemish sale the pre-emption right is the information duty's question (rule.preemption) instead.
    const answers: Array<[number, string]> = [
      [808, 'planning.buildingLicense'],
      [2222, 'planning.floodingArea'],
      ...(flandersSale ? [] : ([[1734, 'planning.presaleRight']] as Array<[number, string]>)),
    ];
    for (const [detail, field] of answers) {
      if (detailOf(raw, detail)) expect({ field, answered: answered(field) }).toEqual({ field, answered: true });
    }
    if (detailOf(raw, 808) && flandersSale) {
      // Flanders, a sale: the information duty's five questions, all answered from the CRM.
      for (const question of ['rule.permit', 'rule.destination', 'rule.measure', 'rule.preemption', 'rule.subdivision']) {
        expect({ question, answered: answered(question) }).toEqual({ question, answered: true });
      }
    }
    // The sales rep (asked with ShowRepresentatives).
    const rep = REPRESENTATIVES[String(id)]![0] as WhiseRepresentative;
    expect(text).toContain(`${String(rep.firstName)} ${String(rep.name)}`);
    // Buyer fields it carries.
    const tour = raw.link3DModel ?? raw.linkVirtualVisit;
    if (tour) expect(html).toContain(String(tour).replace(/&/g, '&amp;'));
    if (raw.availability) expect(html).toContain('data-field="technical.available"');
    if (raw.state && ![9, 10].includes((raw.state as { id: number }).id)) expect(html).toContain('data-field="technical.condition"');
    if (raw.fronts !== undefined) expect(html).toContain('data-field="technical.buildingType"');
    if (detailOf(raw, 15)) expect(html).toContain('data-field="technical.floors"');
    if (detailOf(raw, 496)) expect(html).toContain('data-field="ki.indexed"');
    for (const [detail, field] of [
      [1595, 'comfort.kitchenType'],
      // Shared or individual heating is said in the heating line ("Aardgas (gemeenschappelijk)", issue 38).
      [53, 'comfort.heating'],
      [2157, 'comfort.windowGlazing'],
      [782, 'comfort.carpentry'],
      [1001, 'comfort.roofType'],
    ] as const) {
      if (detailOf(raw, detail)) expect({ field, shown: html.includes(`data-field="${field}"`) }).toEqual({ field, shown: true });
    }
    if (detailOf(raw, 1020)?.enum?.id === 659) expect(html).toContain('data-field="comfort.heating"');
    if (detailOf(raw, 301) || detailOf(raw, 344)) expect(html).toContain('data-field="technical.monthlyCost"');
  });

  it("shows the project's units on the project's page with their own pages", async () => {
    for (const unit of [7101005, 7101006]) {
      const short = await request(sut.server).get(urlFor('detailShort', 'nl', { estateId: unit }));
      expect(short.status).toBe(301);
      expect(short.headers.location).toMatch(/^\/nl\/aanbod\/7101004\/[^/]+\/\d+$/);
    }
  });
});
