/**
 * One jest run for the whole tree: a project per package. Frontends run in jsdom, the API and the
 * browser journeys in node. TypeScript goes through @swc/jest.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const frontend = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  setupFiles: ['<rootDir>/../scripts/jest/jsdom-setup.ts'],
  setupFilesAfterEnv: ['<rootDir>/../scripts/jest/after-env.ts'],
  moduleNameMapper: {
    '\\.(css)$': '<rootDir>/../scripts/jest/style-mock.js',
    '^@module-federation/enhanced/runtime$': '<rootDir>/../scripts/jest/federation-runtime-mock.ts',
    // The browser build, as the bundler picks it (the package's main entry is its Node build).
    '^tus-js-client$': '<rootDir>/../node_modules/tus-js-client/lib.es5/browser/index.js',
  },
});

module.exports = {
  reporters: ['default', '<rootDir>/scripts/jest/summary-reporter.js'],
  projects: [
    frontend('shared'),
    frontend('shell'),
    frontend('mf-catalog'),
    frontend('mf-player'),
    frontend('mf-wallet'),
    frontend('mf-account'),
    frontend('mf-admin'),
    {
      displayName: 'api',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      // The tus server packages are ESM only: compiled like the sources.
      transform: { '^.+\\.(m|c)?(t|j)sx?$': swc },
      transformIgnorePatterns: ['/node_modules/(?!(@tus|srvx)/)'],
    },
    {
      displayName: 'deploy',
      rootDir: '<rootDir>/deploy',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
    },
    {
      // The benches' statistics and a quick pass of each bench script (BENCH_QUICK=1).
      displayName: 'bench',
      rootDir: '<rootDir>/bench',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/'],
      transform: { '^.+\\.(t|j)sx?$': swc },
    },
    {
      displayName: 'e2e',
      rootDir: '<rootDir>/e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.e2e.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      setupFilesAfterEnv: ['<rootDir>/support/setup-after-env.ts'],
      globalSetup: '<rootDir>/support/global-setup.ts',
      globalTeardown: '<rootDir>/support/global-teardown.ts',
    },
  ],
};
