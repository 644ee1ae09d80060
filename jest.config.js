/** Unit specs live beside the code (src, views); integration tests that boot the app live in test/. */
const { common } = require('./jest.common.js');

module.exports = {
  maxWorkers: 2,
  // Booting the app on a fresh PGlite (WASM start, migrations, demo sync) takes seconds on a busy machine.
  testTimeout: 60000,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{src,views,client}/**/*.spec.{ts,tsx}'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'], testTimeout: 60000 },
    // The deployment files (docker-compose.yml) checked without Docker.
    { ...common, displayName: 'deploy', testMatch: ['<rootDir>/test/deploy/**/*.test.ts'] },
  ],
};
