import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { whiseEstate, whiseFixtureEstates } from '../../../../test/support/fake-whise-server.js';
import { PROJECT_ROOT } from '../../../utils/paths.js';
import { proxiedImageUrl } from '../image-url.js';
import { mapWhiseEstate, whiseRepresentativeId, type WhiseMapContext } from './whise.mapper.js';
import { mapWhiseCalendarEvent } from './whise.source.js';
import type { WhiseCalendarEvent, WhiseEstate } from './whise.types.js';

/*
 * "No mapper reads a field that is not in its table": every raw field the Whise mapper touches (recorded through a
 * Proxy around the record) and every detail id it looks up must be listed in docs/crm/whise.md's tables.
 */

/** The backticked names in the first column of the doc's "field" tables. */
function documentedFields(): Set<string> {
  const doc = readFileSync(join(PROJECT_ROOT, 'docs/crm/whise.md'), 'utf8');
  const fields = new Set<string>();
  let inFieldTable = false;
  for (const line of doc.split('\n')) {
    if (line.startsWith('| field |')) inFieldTable = true;
    else if (!line.startsWith('|')) inFieldTable = false;
    else if (inFieldTable) {
      const first = line.split('|')[1] ?? '';
      for (const match of first.matchAll(/`([^`]+)`/g)) fields.add(match[1]!);
    }
  }
  return fields;
}

/** A deep Proxy that records each property path read: `status.id`, `pictures[].urlLarge`, `details[].enum.id`. */
function recording<T>(value: T, prefix: string, reads: Set<string>): T {
  if (value === null || typeof value !== 'object') return value;
  const isArray = Array.isArray(value);
  return new Proxy(value as object, {
    get(target, key, receiver) {
      const inner = Reflect.get(target, key, receiver) as unknown;
      if (typeof key !== 'string') return inner;
      if (isArray) {
        return /^\d+$/.test(key) ? recording(inner, `${prefix}[]`, reads) : inner;
      }
      const path = prefix ? `${prefix}.${key}` : key;
      reads.add(path);
      return recording(inner, path, reads);
    },
  }) as T;
}

describe('the Whise mapper reads only what docs/crm/whise.md lists', () => {
  const table = documentedFields();
  /** A listed field, or the object or list holding one (`status` for `status.id`, `details` for `details[].id`). */
  const documented = { has: (path: string) => table.has(path) || [...table].some((field) => field.startsWith(`${path}.`) || field.startsWith(`${path}[`)) };

  it('the doc lists fields at all (the table is parsed)', () => {
    expect(documented.has('details[1849]')).toBe(true);
    expect(documented.has('status.id')).toBe(true);
  });

  it('every raw estate field and detail id the mapper reads is in the table', () => {
    const fields = new Set<string>();
    const details = new Set<number>();
    const odd = whiseEstate(1, { energyValue: '100-200', link3DModel: 'ftp://x', representatives: [{ id: 3, name: 'X', pictureUrl: 'https://example.be/a.jpg' }] });
    for (const raw of [...whiseFixtureEstates(), odd, whiseEstate(2, { updateDateTime: undefined, zip: undefined })]) {
      const context: WhiseMapContext = { imageUrl: proxiedImageUrl, locale: 'nl', traceDetail: (id) => details.add(id) };
      mapWhiseEstate(recording(raw, '', fields), context);
      whiseRepresentativeId(recording(raw, '', fields));
    }
    expect(fields.size).toBeGreaterThan(40);
    expect([...fields].filter((field) => !documented.has(field)).sort()).toEqual([]);
    expect([...details].filter((id) => !documented.has(`details[${id}]`)).sort((a, b) => a - b)).toEqual([]);
  });

  it('every calendar event field the appointment import reads is in the table', () => {
    const fields = new Set<string>();
    const event: WhiseCalendarEvent = {
      id: 1,
      startDateTime: '2026-05-03T14:00:00Z',
      estates: [{ estateId: 1 }],
      contacts: [{ firstName: 'Jan', name: 'J', privateEmail: 'jan@example.be', privateTel: '1', languageId: 'nl-BE' }],
      users: [{ firstName: 'Els', name: 'P', email: 'els@example.be' }],
      action: { id: 3 },
    };
    const unknownFields: WhiseCalendarEvent = { id: 2, startDateTime: '2026-05-03T14:00:00Z', estates: [{ id: 1 }], contacts: [{ email: 'a@example.be', phone: '2' }] };
    for (const raw of [event, unknownFields]) mapWhiseCalendarEvent(recording(raw, 'calendars[]', fields));
    // The viewing-request check reads the action.
    fields.add('calendars[].action.id');
    expect([...fields].filter((field) => !documented.has(field)).sort()).toEqual([]);
  });

  it('fails for a field the doc does not list', () => {
    const fields = new Set<string>();
    const raw = recording({ ...whiseEstate(3), latitude: 51 } as WhiseEstate, '', fields);
    void (raw as unknown as { latitude: unknown }).latitude;
    expect([...fields].filter((field) => !documented.has(field))).toEqual(['latitude']);
  });
});
