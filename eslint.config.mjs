// ESLint: correctness rules plus the dependency direction of docs/ARCHITECTURE.md, each layer rule scoped by file globs.
// `npm run lint` runs this, then knip (dead files, exports and dependencies).
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const TS = ['**/*.{ts,tsx,mts,cts}'];
const TYPED = ['src/**/*.{ts,tsx}', 'views/**/*.{ts,tsx}', 'test/**/*.ts', 'client/**/*.ts'];

// Test code may read a CRM's raw format: the fake CRM server speaks it, and specs feed fixtures through the real mappers.
const TEST_CODE = ['test/**', '**/*.spec.{ts,tsx}'];

// The module that wires the sources into the app; it sits inside sources/, so the rule below leaves it alone.
const SOURCES_WIRING = 'src/estates/sources/create-estate-sources.ts';

const NODE_GLOBALS = {
  Buffer: 'readonly', URL: 'readonly', console: 'readonly', performance: 'readonly', process: 'readonly',
  setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', AbortSignal: 'readonly',
};
const COMMONJS_GLOBALS = { module: 'writable', require: 'readonly', __dirname: 'readonly', exports: 'writable' };

// A leading underscore marks a binding that is unused on purpose.
const UNUSED_VARS = {
  argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_',
};

// These specifier patterns are matched as written (relative paths with a .js extension), hence regexes on path
// segments; the folder map below is checked on resolved paths instead.
const NEST_AND_ORM = [
  { regex: '^@nestjs/', message: 'This layer stays framework-free: no Nest here (docs/ARCHITECTURE.md "Style").' },
  { regex: '^(typeorm|pg)(/|$)', message: 'This layer stays persistence-free: no TypeORM or pg here (docs/ARCHITECTURE.md "Style").' },
  { regex: '(^|/)persistence(/|$)', message: 'This layer imports nothing from persistence (docs/ARCHITECTURE.md "Style").' },
];
const SERVICES = [
  { regex: '\\.(service|repository|entity)(\\.js)?$', message: 'Views are pure: no services, repositories or entities (docs/ARCHITECTURE.md "Style").' },
];

const CRM_KNOWLEDGE = {
  regex: '(^|/)sources/(source-[ab]|whise)(/|$)',
  message: `Only src/estates/sources/ knows a CRM's types and mappers; use the EstateSource port (wired in ${SOURCES_WIRING}).`,
};

// docs/ARCHITECTURE.md "Folder map": what each folder of src/ may import besides itself, views/ and client/ props.
// The files directly in src/ (main.ts, app.module.ts, sync.ts, ...) compose everything and are not listed.
const FOUNDATION = ['utils', 'routing', 'i18n', 'config'];
const INFRASTRUCTURE = [...FOUNDATION, 'database', 'jobs', 'runtime', 'theme', 'web', 'mail'];
const MECHANISMS = [...INFRASTRUCTURE, 'estates', 'settings', 'seo', 'forms', 'leads'];
const FOLDER_MAP = {
  utils: [],
  routing: ['utils'],
  i18n: ['routing', 'utils'],
  config: ['utils'],
  database: ['config', 'utils'],
  jobs: ['database', 'config', 'utils'],
  runtime: ['database', 'config', 'utils'],
  theme: ['database', 'config', 'utils'],
  web: ['routing', 'i18n', 'config', 'utils'],
  mail: ['database', 'jobs', 'runtime', ...FOUNDATION, 'web'],
  estates: ['database', 'jobs', 'runtime', 'theme', ...FOUNDATION],
  settings: ['estates', 'database', 'runtime', ...FOUNDATION],
  seo: ['estates', ...FOUNDATION],
  forms: ['database', 'web', ...FOUNDATION],
  leads: ['estates', 'database', 'jobs', ...FOUNDATION],
  // Features: the mechanisms, and only the features named here.
  home: MECHANISMS,
  health: MECHANISMS,
  consent: MECHANISMS,
  legal: [...MECHANISMS, 'consent'],
  search: MECHANISMS,
  detail: [...MECHANISMS, 'search'],
  inquiries: [...MECHANISMS, 'detail'],
  contact: [...MECHANISMS, 'inquiries'],
  favorites: [...MECHANISMS, 'consent', 'detail'],
  subscriptions: [...MECHANISMS, 'detail', 'search'],
  appointments: [...MECHANISMS, 'detail'],
  viewings: [...MECHANISMS, 'detail'],
  holiday: MECHANISMS,
  privacy: MECHANISMS,
  sitemap: [...MECHANISMS, 'search', 'holiday'],
  // The web shell renders the layout, the error pages and the consent banner around every page: it reads the
  // database's change feed, the catalogue's version, the theme and the agency's structured data, and nothing it does
  // not use (no jobs, mail, forms, leads or settings; no feature but consent).
  shell: [...FOUNDATION, 'database', 'theme', 'web', 'estates', 'seo', 'consent'],
  // Metrics read the numbers of every folder (the render cache's among them): the top layer too.
  metrics: null,
};
const SRC_FOLDERS = Object.keys(FOLDER_MAP);

// views/ renders what the features' models hand it: their types and pure helpers, never services (rule below).
const VIEWS_MAY_IMPORT = [...FOUNDATION, 'estates', 'seo', 'search', 'holiday', 'favorites'];

/**
 * The folder map as import-x zones, on RESOLVED paths (the TypeScript resolver maps `x.js` to `x.ts`), so every
 * spelling of a refused import is caught: `../search/x.js`, `./../search/x.js`, `../../src/search/x.js`.
 */
function zone(target, allowed, why) {
  const refused = SRC_FOLDERS.filter((other) => `src/${other}` !== target && !allowed.includes(other));
  return {
    target: `./${target}`,
    from: refused.map((other) => `./src/${other}`),
    message: `${target}/ may import only ${allowed.length > 0 ? allowed.join(', ') : 'nothing else in src/'}${why}`,
  };
}
const MAP_MESSAGE = ': see the folder map in docs/ARCHITECTURE.md.';
const FOLDER_ZONES = [
  ...SRC_FOLDERS.filter((folder) => FOLDER_MAP[folder] !== null).map((folder) => zone(`src/${folder}`, FOLDER_MAP[folder], MAP_MESSAGE)),
  zone('views', VIEWS_MAY_IMPORT, MAP_MESSAGE),
  {
    target: './src/estates/persistence',
    from: './src/estates/display',
    message: 'Persistence stores listings and does not import how they are shown: a rule both need belongs in estates/domain (docs/ARCHITECTURE.md "Folder map").',
  },
];

export default defineConfig(
  {
    ignores: ['dist/**', 'public/**', 'coverage/**', 'test-output/**', '.data/**', 'fixtures/**', 'node_modules/**'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  { rules: { 'no-unused-vars': ['error', UNUSED_VARS] } },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: { ...NODE_GLOBALS, ...COMMONJS_GLOBALS } },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module', globals: NODE_GLOBALS } },

  { files: TS, extends: [tseslint.configs.recommended] },
  {
    files: TS,
    languageOptions: {
      // Decorator metadata makes some type-only imports real ones: consistent-type-imports must know (DI).
      parserOptions: { experimentalDecorators: true, emitDecoratorMetadata: true },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', UNUSED_VARS],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // Type-aware rules, from the nearest tsconfig (root, client/, test/browser/); scripts and configs stay untyped (fast).
  {
    files: TYPED,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },

  // Migrations are generated and never edited after they land (docs/ARCHITECTURE.md "Style").
  { files: ['migrations/*.ts'], rules: { '@typescript-eslint/consistent-type-imports': 'off' } },

  // Nothing outside sources/ knows a CRM's types or mappers.
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    ignores: ['src/estates/sources/**', ...TEST_CODE],
    rules: { 'no-restricted-imports': ['error', { patterns: [CRM_KNOWLEDGE] }] },
  },
  // The folder map: each folder of src/ (and views/) imports only the folders below it (docs/ARCHITECTURE.md "Folder
  // map"), checked on resolved paths.
  {
    files: ['src/**/*.{ts,tsx}', 'views/**/*.{ts,tsx}'],
    ignores: TEST_CODE,
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: FOLDER_ZONES }] },
  },
  // Views are pure: no services, persistence or Nest.
  {
    files: ['views/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...NEST_AND_ORM, ...SERVICES] }] },
  },
  // Domain and display: plain functions over plain data.
  {
    files: ['src/estates/domain/**', 'src/estates/display/**'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: NEST_AND_ORM }] },
  },
);
