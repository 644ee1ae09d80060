import { ESLint } from 'eslint';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../support/built-app.js';

/**
 * The folder map of docs/ARCHITECTURE.md, as `npm run lint` enforces it (eslint.config.mjs, import-x zones on
 * resolved paths): each refused import is reported however its path is spelled, and an allowed one is not. Probe files
 * are written into the tree for the run (the typed rules need them on disk) and removed after.
 */
const PROBES: ReadonlyArray<[string, string, string, boolean]> = [
  ['a feature sideways, spelled ./../', 'src/estates/zz-lint-probe.ts', "import { hasFilters } from './../search/search-criteria.js';", true],
  ['a feature sideways, spelled through src/', 'src/estates/domain/zz-lint-probe.ts', "import { hasFilters } from '../../../src/search/search-criteria.js';", true],
  ['a feature from the shell', 'src/shell/zz-lint-probe.ts', "import { parseCompareIds } from '../favorites/compare-rows.js';", true],
  ['a mechanism the shell does not use', 'src/shell/zz-lint-probe.ts', "import { LeadsService } from '../leads/leads.service.js';", true],
  ['a mechanism the shell uses', 'src/shell/zz-lint-probe.ts', "import { agencyJsonLd } from './../seo/structured-data.js';", false],
  ['a service from views, in a folder views may read', 'views/zz-lint-probe.ts', "import { SearchService } from './../src/search/search.service.js';", true],
  ['a page-model type from views', 'views/zz-lint-probe.ts', "import { hasFilters } from '../src/search/search-criteria.js';", false],
  ['the database from views', 'views/zz-lint-probe.ts', "import { typeOrmOptions } from '../src/database/typeorm-options.js';", true],
  ['display from persistence', 'src/estates/persistence/zz-lint-probe.ts', "import { countListingsWithGaps } from '../display/compliance-report.js';", true],
  ['the domain from persistence', 'src/estates/persistence/zz-lint-probe.ts', "import { priceReducedAfter } from '../domain/price-changes.js';", false],
  ['a mechanism from a feature', 'src/detail/zz-lint-probe.ts', "import { standaloneSlug } from '../estates/domain/slug.js';", false],
  ['a utility importing anything above it', 'src/utils/zz-lint-probe.ts', "import { loadConfig } from '../config/config.js';", true],
  ['the form pipeline importing a feature', 'src/forms/zz-lint-probe.ts', "import { ContactController } from '../contact/contact.controller.js';", true],
  ['the database layer importing a mechanism above it', 'src/database/zz-lint-probe.ts', "import { LeadsService } from '../leads/leads.service.js';", true],
  ['a feature importing a feature the map does not name', 'src/search/zz-lint-probe.ts', "import { EstateDetailService } from '../detail/estate-detail.service.js';", true],
  ['the catalogue importing a feature', 'src/estates/persistence/zz-lint-probe.ts', "import { AppointmentSyncService } from '../../appointments/appointment-sync.service.js';", true],
  ['a feature importing the feature the map names', 'src/contact/zz-lint-probe.ts', "import { InquiryService } from '../inquiries/inquiry.service.js';", false],
];

describe('the folder-map lint', () => {
  const eslint = new ESLint({ cwd: ROOT });

  it.each(PROBES)('%s: %s', async (_, file, line, refused) => {
    const path = join(ROOT, file);
    writeFileSync(path, `${line}\nexport const probe = [${line.match(/import \{ (\w+) \}/)![1]}];\n`);
    try {
      const [result] = await eslint.lintFiles([path]);
      // The map's zones, and for views the rule that keeps them pure (services, persistence, Nest).
      const MAP_RULES = ['import-x/no-restricted-paths', '@typescript-eslint/no-restricted-imports'];
      const zones = result!.messages.filter((message) => MAP_RULES.includes(message.ruleId ?? ''));
      const other = result!.messages.filter((message) => !MAP_RULES.includes(message.ruleId ?? '') && message.severity === 2 && message.fatal);
      expect(other).toEqual([]);
      expect(zones.length > 0).toBe(refused);
      // The refusal says what the folder may import, from the map.
      if (refused && file.startsWith('src/utils/')) expect(zones[0]!.message).toContain('src/utils/ may import only nothing else in src/');
    } finally {
      rmSync(path, { force: true });
    }
  });
});
