import { ESLint } from 'eslint';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src/utils/paths.js';

/** The folder map of docs/ARCHITECTURE.md as `npm run lint` enforces it, on real files with one import added. */
describe('the folder map', () => {
  const eslint = new ESLint({ cwd: PROJECT_ROOT });

  // The type-aware rules load the TypeScript project on the first file: slow on a busy machine.
  beforeAll(() => eslint.lintText('', { filePath: join(PROJECT_ROOT, 'src/utils/memo.ts') }), 180_000);

  async function layerErrors(file: string, importLine: string): Promise<string[]> {
    const text = `${importLine}\n${readFileSync(join(PROJECT_ROOT, file), 'utf8')}`;
    const [result] = await eslint.lintText(text, { filePath: join(PROJECT_ROOT, file) });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
  }

  it('refuses a utility importing anything above it', async () => {
    expect(await layerErrors('src/utils/memo.ts', "import type { AppConfig } from '../config/config.js';")).toEqual([
      expect.stringContaining('src/utils/ may import only nothing else in src/'),
    ]);
  });

  it('refuses the form pipeline importing a feature', async () => {
    expect(await layerErrors('src/forms/form.guard.ts', "import type { ContactPageModels } from '../contact/contact-page.model.js';")).toEqual([
      expect.stringContaining('src/forms/ may import only'),
    ]);
  });

  it('refuses the database layer importing a feature', async () => {
    expect(await layerErrors('src/database/typeorm-options.ts', "import type { LeadEntity } from '../leads/lead.entity.js';")).toHaveLength(1);
  });

  it('refuses a feature importing a feature the map does not name', async () => {
    expect(await layerErrors('src/search/search.service.ts', "import type { EstateDetailService } from '../detail/estate-detail.service.js';")).toHaveLength(1);
  });

  it('refuses the catalogue importing a feature above it', async () => {
    expect(await layerErrors('src/estates/persistence/estate-sync.service.ts', "import type { AppointmentSyncService } from '../../appointments/appointment-sync.service.js';")).toHaveLength(1);
  });

  it('accepts the imports the map allows', async () => {
    expect(await layerErrors('src/contact/contact.controller.ts', "import type { InquiryService as Inquiries } from '../inquiries/inquiry.service.js';")).toEqual([]);
    expect(await layerErrors('src/shell/page-context.service.ts', "import type { ContactPageModels } from '../contact/contact-page.model.js';")).toEqual([]);
  });
});
