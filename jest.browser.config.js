/** Browser tests: the real app in-process, driven by Debian's Chromium through playwright-core (one file at a time). */
const { common } = require('./jest.common.js');

module.exports = {
  ...common,
  displayName: 'browser',
  testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
  testTimeout: 120000,
  maxWorkers: 1,
};
