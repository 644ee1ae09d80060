/**
 * Browser tests: the real app in-process, driven by Debian's Chromium through playwright-core. Three files at a time:
 * each starts its own app (port 0, its own data) and Chromium. One file alone leaves most of the machine idle (it
 * waits on the map's delay, animations and htmx swaps); two at a time took the suite from 1,100 s to 703 s, three
 * to 410 s with the machine ~90 % busy (vmstat), and four gained little more (387 s) for more contention.
 */
const { common } = require('./jest.common.js');

module.exports = {
  ...common,
  displayName: 'browser',
  testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
  testTimeout: 120000,
  maxWorkers: 3,
};
