/**
 * `@cliffhanger/shared/contracts`: the TypeBox schema of every wire shape the API answers and the
 * frontends read, declared once. The API validates and documents with them; the frontends import only
 * their types (`Static<typeof …>`, see entities.ts), so no schema code reaches the browser.
 */
export * from './admin';
export * from './admin-insights';
export * from './admin-payments';
export * from './admin-users';
export * from './analytics-tables';
export * from './auth';
export * from './catalogue';
export * from './common';
export * from './feed';
export * from './for-you';
export * from './ledger';
export * from './media-library';
export * from './notification-preferences';
export * from './payments';
export * from './releases';
export * from './rewards';
export * from './settings';
export * from './subtitles';
export * from './unlocks';
export * from './users';
export * from './viewing';
