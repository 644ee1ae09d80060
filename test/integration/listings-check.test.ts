import { Logger } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { runListingsCheck } from '../../src/estates/listings-check.cli.js';
import { complianceReport, countListingsWithGaps, describeComplianceReport, liveListingCount } from '../../src/estates/display/compliance-report.js';
import { EstateRepository } from '../../src/estates/persistence/estate.repository.js';
import { EstateSyncService } from '../../src/estates/persistence/estate-sync.service.js';
import { createMigratedDatabase } from '../support/scratch-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The compliance report over the cached demo catalogue, as `npm run listings:check` prints it, and the sync's log line. */
describe('listings lacking data a Belgian listing rule needs (demo catalogue)', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    await sut.close();
  });

  it('lists the demo records set to miss data, by rule, with their CRM reference, and never the sold ones', async () => {
    const estates = await sut.app.get(EstateRepository).findAll();
    const groups = complianceReport(estates);
    const listed = (rule: string, missing: string) => groups.find((group) => group.rule === rule && group.missing === missing)?.listings ?? [];
    expect(listed('flandersEnergy', 'epcScore')).toContain('A-1018 (id 1018)');
    expect(listed('flandersPlanning', 'preemption')).toContain('A-1008 (id 1008)');
    expect(listed('brusselsEnergy', 'co2')).toContain('A-1027 (id 1027)');
    expect(listed('brusselsPlanning', 'destination')).toEqual(['A-1027 (id 1027)']);
    expect(listed('brusselsEnergy', 'energyClass')).toContain('A-1037 (id 1037)');
    expect(listed('walloniaEnergy', 'energyClass')).toContain('A-1017 (id 1017)');
    expect(listed('rentalCharges', 'charges')).toContain('A-1035 (id 1035)');
    expect(listed('rentalCharges', 'charges')).not.toContain('A-1026 (id 1026)');
    // 1019 is sold: no longer advertised, so not reported.
    expect(groups.flatMap((group) => group.listings).some((name) => name.endsWith('(id 1019)'))).toBe(false);
    expect(describeComplianceReport(groups, liveListingCount(estates))).toMatch(/^\d+ live listings checked: \d+ lack data a Belgian listing rule needs/);
  });

  it('a full sync says after each source how many of its live listings lack data', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      await sut.app.get(EstateSyncService).syncAll(undefined, { full: true });
      const lines = warn.mock.calls.map(([message]) => String(message)).filter((message) => message.includes('npm run listings:check'));
      const estates = await sut.app.get(EstateRepository).findAll();
      const expected = countListingsWithGaps(estates.filter((estate) => estate.source === 'A'));
      expect(lines).toContain(`source A: ${expected} live listings lack data a Belgian listing rule needs (npm run listings:check)`);
      expect(lines.some((line) => line.startsWith('source B: '))).toBe(true);
    } finally {
      warn.mockRestore();
    }
  });
});

/** A CRM's reference reaches the operator's terminal: `npm run listings:check` shows its escape sequences, never obeys them. */
describe('npm run listings:check over a hostile CRM reference', () => {
  it('prints ESC, BEL, C1 and bidi controls as visible escapes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'immo-listings-check-'));
    const scratch = process.env.DATABASE_URL ? await createMigratedDatabase(process.env.DATABASE_URL) : undefined;
    const database: Record<string, string> = scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir };
    const hostile = '\u001b[2J\u001b]0;pwn\u0007\u009b31m\u202eA-1018';
    try {
      const sut = await startTestApp(database);
      try {
        await sut.app.get(DataSource).query(`UPDATE estates SET document = jsonb_set(document, '{reference}', to_jsonb($1::text)) WHERE id = 1018`, [hostile]);
      } finally {
        await sut.close();
      }
      const lines: string[] = [];
      const code = await runListingsCheck([], { NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database }, { log: (line) => lines.push(line), error: (line) => lines.push(line) });
      const printed = lines.join('\n');
      expect(code).toBe(0);
      expect(printed).toContain('\\u001b[2J\\u001b]0;pwn\\u0007\\u009b31m\\u202eA-1018 (id 1018)');
      // eslint-disable-next-line no-control-regex
      expect(printed).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  });
});
