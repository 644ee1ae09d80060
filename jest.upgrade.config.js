/**
 * The upgrade test (`.ci/run`, after the cluster test): the previous release (.ci/previous-release) built from git
 * history, on a database the NEW release migrated, serving beside the new build; then the way back
 * (migration:revert) and the previous release serving again (test/upgrade). It prints what it checks.
 */
const { common } = require('./jest.common.js');

module.exports = {
  ...common,
  displayName: 'upgrade',
  testMatch: ['<rootDir>/test/upgrade/**/*.test.ts'],
  testTimeout: 300000,
  maxWorkers: 1,
  verbose: true,
};
