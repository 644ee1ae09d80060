/** Unit specs live beside the code (src, views); integration tests that boot the app live in test/. */
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', tsx: true, decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
}];

const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|content-disposition|cookie)/)'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

module.exports = {
  common,
  maxWorkers: 2,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/{src,views,client}/**/*.spec.{ts,tsx}'] },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.test.ts'], testTimeout: 60000 },
  ],
};
