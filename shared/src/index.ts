/** @cliffhanger/shared — the contracts every frontend shares. Loaded once per page (a federation singleton). */

// The shell's contracts: analytics, transport helpers, monitoring rules, session storage, startup upkeep.
export * from './analytics/analytics-events';
export * from './analytics/analytics-payloads';
export * from './api/base-api';
export * from './api/run-mutation';
export * from './bus/events';
export * from './constants';
// Of contracts/, only what holds no schema code (the schemas themselves are `@cliffhanger/shared/contracts`).
export * from './contracts/analytics-tables';
export * from './contracts/ledger';
export * from './entities';
export * from './first-purchase-offer';
export * from './for-you';
export * from './http/api-client';
export * from './http/coin-balance';
export * from './http/config';
export * from './http/feed-client';
export * from './http/image-renditions';
export * from './http/media-addresses';
export * from './http/profile';
export * from './http/query-retry';
export * from './http/transport-policy';
export * from './i18n';
export * from './localized-text';
export * from './monitoring/monitoring-rules';
export * from './remote-module';
export * from './remote-releases';
export * from './remote-rollout';
export * from './remote-slot';
export * from './routes';
export * from './session/session.slice';
export * from './session/session-gate';
export * from './session/session-storage';
export * from './startup/first-screen';
export * from './startup/stored-data-maintenance';
export * from './storage/cookies';
export * from './storage/guest-state';
export * from './storage/local-storage';
export * from './storage/tokens';
export * from './store/hooks';
export * from './store/host-store';
export * from './subtitles';
export * from './ui/components';
export * from './ui/icons';
export * from './ui/messages';
export * from './ui/phone-layout';
