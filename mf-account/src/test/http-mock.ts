// The shared test helper; see shared/testing/http-mock.ts.
export * from '../../../shared/testing/http-mock';
