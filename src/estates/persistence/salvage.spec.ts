import { DatabaseDownError, MAX_REFUSED, probingGuard, writeSalvaging } from './salvage.js';

/** A "database" that refuses the chunks holding a refused item, and records what it wrote. */
function table(refuses: (item: number) => boolean) {
  const written: number[] = [];
  let statements = 0;
  const write = async (chunk: readonly number[]) => {
    statements++;
    const bad = chunk.find(refuses);
    if (bad !== undefined) throw new Error(`row ${bad} refused`);
    written.push(...chunk);
  };
  return { written, write, statements: () => statements };
}
const alive = probingGuard(async () => undefined);
const items = Array.from({ length: 1000 }, (_, index) => index);

describe(writeSalvaging.name, () => {
  it('writes every item the database accepts and answers the refused ones, in a few statements', async () => {
    const db = table((item) => item === 17 || item === 612);
    const refused = await writeSalvaging(items, 100, alive, db.write);
    expect(refused).toEqual([
      { item: 17, error: 'row 17 refused' },
      { item: 612, error: 'row 612 refused' },
    ]);
    expect(db.written).toHaveLength(998);
    expect(db.statements()).toBeLessThan(40);
  });

  it('fails as a whole when the database is down, or refuses a whole chunk or too many rows', async () => {
    const down = probingGuard(async () => Promise.reject(new Error('connection refused')));
    await expect(writeSalvaging(items, 100, down, table((item) => item === 3).write)).rejects.toThrow(DatabaseDownError);
    await expect(writeSalvaging(items, 100, alive, table(() => true).write)).rejects.toThrow(/all 100 rows of a chunk refused, first: row 0 refused/);
    await expect(writeSalvaging(items, 100, alive, table((item) => item % 3 === 0).write)).rejects.toThrow(`over ${MAX_REFUSED} rows refused`);
    // A single changed row refused is that row's fault.
    expect(await writeSalvaging([5], 100, alive, table(() => true).write)).toEqual([{ item: 5, error: 'row 5 refused' }]);
  });
});
