// The shared test fixtures; see shared/testing/fixtures.ts.
export * from '../../../shared/testing/fixtures';
