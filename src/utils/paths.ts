import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

/** The repository root, whether running from src (tests) or dist (production). */
export const PROJECT_ROOT = findProjectRoot(__dirname);
export const I18N_DIR = join(PROJECT_ROOT, 'i18n');
export const PUBLIC_DIR = join(PROJECT_ROOT, 'public');
export const ASSETS_DIR = join(PUBLIC_DIR, 'assets');
export const FIXTURES_DIR = join(PROJECT_ROOT, 'fixtures');
/** The running code: `dist` in production, the repository root under Jest (both hold `src/` and `views/`). */
export const CODE_ROOT = join(__dirname, '..', '..');
