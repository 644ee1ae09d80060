// knip: dead files, exports and dependencies. `!` marks what runs in production (checked by `knip --production`).
import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  entry: [
    'src/main.ts!',
    'src/sync.ts!',
    // The TypeORM CLI's data source (scripts/typeorm-cli.mjs passes its compiled path).
    'src/data-source.ts!',
    // npm run mail:retry
    'src/mail/mail-retry.cli.ts!',
    // npm run gdpr:erase
    'src/privacy/gdpr-erase.cli.ts!',
    // npm run listings:check
    'src/estates/listings-check.cli.ts!',
    // npm run settings
    'src/settings/settings.cli.ts!',
    // The client bundle, built before serving (so its libraries are dev dependencies); knip follows the lazily
    // imported islands (`import('./islands/…')`).
    'client/app.ts',
    // Ambient module declarations for the client bundle, picked up through client/tsconfig.json.
    'client/*.d.ts',
    // Swapped in for tiny-slider's <style>-element helper by scripts/build-assets.mjs (an esbuild plugin).
    'client/lib/constructed-stylesheet.ts',
    'migrations/*.ts!',
    'scripts/*.mjs',
    'bench/*.mjs',
  ],
  project: [
    'src/**/*.{ts,tsx}!',
    'views/**/*.{ts,tsx}!',
    'client/**/*.ts',
    'migrations/*.ts!',
    'test/**/*.ts',
    'scripts/*.mjs',
    'bench/*.mjs',
  ],
  // Jest's default testMatch already covers every *.spec.* and *.test.* file of both jest configs.
  jest: { config: ['jest.config.js', 'jest.browser.config.js', 'jest.e2e.config.js'] },
  // Constants a module exports and also uses itself (enum tables, rule lists) are not dead.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // A pino transport, loaded by name in development only (src/runtime/logging.ts).
    'pino-pretty',
    // nest-cli.json stays at the top level (the product owner's layout) for `nest` commands; the build itself uses tsc.
    '@nestjs/cli',
    // scripts/k8s-check.mjs imports its models by each manifest's apiVersion (`kubernetes-models/${apiVersion}`).
    'kubernetes-models',
  ],
};

export default config;
