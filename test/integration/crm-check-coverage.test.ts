import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { runCheck } from '../../src/sync.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { FakeWhiseServer, fakeWhiseEnv } from '../support/fake-whise-server.js';

const OUTPUT_DIR = join(process.cwd(), 'test-output', 'crm-check');

/** The coverage rows of one source's section: label → [have, applies]. */
function coverage(text: string, source: string): Map<string, [number, number]> {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`source ${source} `));
  const rows = new Map<string, [number, number]>();
  for (const line of lines.slice(start + 1)) {
    if (line.startsWith('source ')) break;
    const row = /^ {4}(\S.*?)\s+(\d+)\/(\d+)(?:\s|$)/.exec(line);
    if (row) rows.set(row[1]!, [Number(row[2]), Number(row[3])]);
  }
  return rows;
}

/**
 * The go-live check against each CRM's fake serving its recorded-shape fixtures as they are (Zabun: the demo
 * catalogue in the shapes public clients read; Whise: test/fixtures/whise in the recorded answer's shapes): the field
 * coverage table an agency reads before going live.
 */
describe('npm run crm:check’s field coverage on the recorded-shape fixtures', () => {
  let crm: FakeCrmServer;
  let whise: FakeWhiseServer;
  let text: string;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    whise = new FakeWhiseServer();
    await Promise.all([crm.start(), whise.start()]);
    const env = { NODE_ENV: 'test', DATA_DIR: 'memory://', ...fakeCrmEnv(crm), ...fakeWhiseEnv(whise) };
    ({ text } = await runCheck(loadConfig(env)));
    await mkdir(OUTPUT_DIR, { recursive: true });
    await writeFile(join(OUTPUT_DIR, 'recorded-shape-fixtures.txt'), `${text}\n`);
  });

  afterAll(async () => {
    await Promise.all([crm?.stop(), whise?.stop()]);
  });

  it('prints a row for every field a visitor sees, per source', () => {
    for (const source of ['A', 'B', 'W']) {
      expect([...coverage(text, source).keys()]).toEqual(['photos', 'map point', 'description', 'EPC (class or score)', 'planning answers', 'sales rep', 'availability', 'virtual tour']);
    }
  });

  it('finds every row full on the Whise recorded-shape fixture', () => {
    for (const [label, [have, applies]] of coverage(text, 'W')) {
      expect({ label, have, applies: applies > 0 }).toEqual({ label, have: applies, applies: true });
    }
  });

  it('finds the Zabun demo’s photos, descriptions, sales reps and EPCs full (its gaps are the demo’s own cases)', () => {
    const zabun = coverage(text, 'A');
    for (const label of ['photos', 'description', 'sales rep', 'availability']) {
      const [have, applies] = zabun.get(label)!;
      expect({ label, have }).toEqual({ label, have: applies });
    }
  });
});
