/**
 * The journey suite (`npm run test:e2e`): the BUILT app started as production runs it (a child process on
 * PostgreSQL 15, SMTP, the bot check, fake CRMs), and again as the out-of-the-box demo, driven by Chromium.
 * One file at a time: each starts its own servers. `npm run test:e2e` builds first.
 */
const { common } = require('./jest.common.js');

module.exports = {
  ...common,
  displayName: 'e2e',
  testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
  testTimeout: 180000,
  maxWorkers: 1,
};
