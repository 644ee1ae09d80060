import type { Estate } from '../../src/estates/domain/estate.js';
import type { SourceRecord } from '../../src/estates/sources/estate-source.port.js';

/** What a source's read yielded, split by kind. */
export const estatesOf = (records: readonly SourceRecord[]): Estate[] => records.flatMap((record) => (record.ok ? [record.estate] : []));
export const errorsOf = (records: readonly SourceRecord[]) => records.flatMap((record) => (!record.ok && 'error' in record ? [record] : []));
export const hiddenOf = (records: readonly SourceRecord[]) => records.flatMap((record) => (!record.ok && 'hidden' in record ? [record] : []));

/** Every record a source's read yields (a test reads small catalogues whole). */
export async function collect(records: AsyncIterable<SourceRecord>): Promise<SourceRecord[]> {
  const all: SourceRecord[] = [];
  for await (const record of records) all.push(record);
  return all;
}
