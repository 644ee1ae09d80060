import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { runCheck } from '../../src/sync.js';
import { FakeCrmServer, fakeCrmEnv } from '../support/fake-crm-server.js';
import { FakeWhiseServer, fakeWhiseEnv, whiseEstate } from '../support/fake-whise-server.js';

/** Where the check's printed reports are kept, to read (and quote) as an operator sees them. */
const OUTPUT_DIR = join(process.cwd(), 'test-output', 'crm-check');

/**
 * The go-live check (`npm run crm:check`) against each CRM's fake in its real shape: with the right credentials it
 * counts what would be shown, hidden and skipped; with a wrong one it names the setting to look at. It stores nothing.
 */
describe('npm run crm:check (the go-live check)', () => {
  let crm: FakeCrmServer;
  let whise: FakeWhiseServer;

  beforeAll(async () => {
    crm = new FakeCrmServer();
    whise = new FakeWhiseServer();
    await Promise.all([crm.start(), whise.start()]);
    whise.estates = [whiseEstate(3515113), whiseEstate(3515114, { purposeStatus: { id: 20 } }), whiseEstate(3515115, { purposeStatus: { id: 3 } })];
    await mkdir(OUTPUT_DIR, { recursive: true });
  });

  afterAll(async () => {
    await Promise.all([crm?.stop(), whise?.stop()]);
  });

  const check = async (name: string, env: Record<string, string>) => {
    const result = await runCheck(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...fakeCrmEnv(crm), ...fakeWhiseEnv(whise), ...env }));
    await writeFile(join(OUTPUT_DIR, `${name}.txt`), `${result.text}\n`);
    return result;
  };
  const section = (text: string, source: string) => {
    const lines = text.split('\n');
    const start = lines.findIndex((line) => line.startsWith(`source ${source} `));
    const end = lines.findIndex((line, index) => index > start && line.startsWith('source '));
    return lines.slice(start, end === -1 ? undefined : end).join('\n');
  };

  it('passes with every CRM’s right credentials and counts what each would show, hide and skip', async () => {
    const { text, passed } = await check('all-right', {});
    expect(passed).toBe(true);
    const zabun = section(text, 'A');
    expect(zabun).toMatch(/^source A \(Zabun\): authenticated$/m);
    expect(zabun).toMatch(/^ {2}\d+ listings would be shown \(and 7 project units\)$/m);
    expect(zabun).toMatch(/^ {2}1 not shown:\n {4}1 not published to medium 14$/m);
    expect(zabun).toMatch(/^ {2}1 skipped as unreadable, first:\n {4}1053: .*type_id/m);
    expect(section(text, 'B')).toMatch(/^source B \(feed\): authenticated\n {2}\d+ listings would be shown/m);
    const w = section(text, 'W');
    expect(w).toMatch(/^source W \(Whise\): authenticated\n {2}2 listings would be shown\n {2}1 not shown:\n {4}1 .*20/m);
    // Nothing but reads: no lead, no write.
    expect(crm.zabun.calls.every((call) => call.method === 'GET' || /search|media-sync|cities/.test(call.path))).toBe(true);
  });

  it('names X-CLIENT-ID’s setting when Zabun refuses the company id, and fails', async () => {
    const { text, passed } = await check('zabun-wrong-company-id', { SOURCE_A_COMPANY_ID: '9999' });
    expect(passed).toBe(false);
    expect(section(text, 'A')).toBe(
      'source A (Zabun): NOT AUTHENTICATED: HTTP 401 from auth/v1/heartbeat: check SOURCE_A_COMPANY_ID (sent as X-CLIENT-ID), SOURCE_A_API_KEY, SOURCE_A_CLIENT_ID, SOURCE_A_SERVER_ID',
    );
    expect(section(text, 'W')).toMatch(/authenticated$/m);
  });

  it('names the Whise step and its settings that were refused', async () => {
    const password = await check('whise-wrong-password', { WHISE_PASSWORD: 'nope' });
    expect(password.passed).toBe(false);
    expect(section(password.text, 'W')).toMatch(/^source W \(Whise\): NOT AUTHENTICATED: HTTP 401 from token.*check WHISE_USERNAME \/ WHISE_PASSWORD/);
    const office = await check('whise-wrong-office', { WHISE_OFFICE_ID: '1' });
    expect(section(office.text, 'W')).toMatch(/NOT AUTHENTICATED: HTTP 4\d\d from v1\/admin\/clients\/token.*check WHISE_CLIENT_ID \/ WHISE_OFFICE_ID/);
  });

  it('names SOURCE_B_TOKEN when the feed refuses the token', async () => {
    const { text, passed } = await check('feed-wrong-token', { SOURCE_B_TOKEN: 'wrong' });
    expect(passed).toBe(false);
    expect(section(text, 'B')).toMatch(/^source B \(feed\): NOT AUTHENTICATED: HTTP 401 from .*feed\?page=1: check SOURCE_B_TOKEN$/);
  });
});
