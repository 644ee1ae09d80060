/**
 * Browser tests: the real app in-process, driven by Debian's Chromium through playwright-core. Two files at a time:
 * each starts its own app (port 0, its own data) and Chromium, and one file alone uses about a third of the
 * machine (purchase-cost: 51 s of CPU, app and Chromium together, in 75 s; the rest is waiting on the map's delay,
 * animations and htmx swaps). Two at a time took the suite from 1,100 s to 703 s, every test passing.
 */
const { common } = require('./jest.common.js');

module.exports = {
  ...common,
  displayName: 'browser',
  testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
  testTimeout: 120000,
  maxWorkers: 2,
};
