/**
 * The cluster test (`npm run test:cluster`): the BUILT app as two replicas behind Debian's nginx with the compose
 * file's proxy configuration, on PostgreSQL 15 (test/cluster). One file, its steps in order; it prints what it checks.
 */
const { common } = require('./jest.common.js');

module.exports = {
  ...common,
  displayName: 'cluster',
  testMatch: ['<rootDir>/test/cluster/**/*.test.ts'],
  testTimeout: 240000,
  maxWorkers: 1,
  verbose: true,
};
