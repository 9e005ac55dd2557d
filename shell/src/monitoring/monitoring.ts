/**
 * Error reporting with `@sentry/react` (product.md#monitoring). Nothing loads without a configured DSN. With one,
 * the SDK is imported right after the first render (never in the first screen's bundle) with the
 * spec's sampling, drop rules and breadcrumb redaction, and the stored user attached; session replay
 * is a separate dynamic import that starts only after the first screen has been shown. Reports made
 * before the SDK is ready are kept and sent once it is.
 */
import {
  filterEvent,
  MONITORING_SAMPLING,
  monitoredUser,
  REPLAY_OPTIONS,
  readStoredUser,
  redactBreadcrumb,
  runtimeConfig,
  type User,
} from '@cliffhanger/shared';

type SentryModule = typeof import('@sentry/react');

let sentry: SentryModule | null = null;
let pendingErrors: unknown[] = [];
const tags = new Map<string, string>();

/** The options handed to `Sentry.init`, apart from the integrations. */
export function sentryOptions(dsn: string) {
  return {
    dsn,
    environment: process.env.NODE_ENV,
    sendDefaultPii: false,
    ...MONITORING_SAMPLING,
    beforeSend: filterEvent,
    beforeBreadcrumb: redactBreadcrumb,
  };
}

export async function startMonitoring(
  dsn = runtimeConfig().sentryDsn,
  load: () => Promise<SentryModule> = () => import(/* webpackChunkName: "sentry" */ '@sentry/react'),
): Promise<boolean> {
  if (!dsn || sentry) return !!sentry;
  try {
    const module = await load();
    module.init({ ...sentryOptions(dsn), integrations: [module.browserTracingIntegration()] });
    module.setUser(monitoredUser(readStoredUser()));
    for (const [key, value] of tags) module.setTag(key, value);
    sentry = module;
    for (const error of pendingErrors) module.captureException(error);
    pendingErrors = [];
    return true;
  } catch (error) {
    console.warn('[cliffhanger] error reporting could not start', error);
    return false;
  }
}

/** Adds session replay after the first screen; without a started SDK it does nothing. */
export async function startReplay(
  load: () => Promise<Pick<typeof import('@sentry/replay'), 'replayIntegration'>> = () =>
    import(/* webpackChunkName: "sentry-replay" */ '@sentry/replay'),
): Promise<boolean> {
  if (!sentry) return false;
  try {
    const { replayIntegration } = await load();
    sentry.addIntegration(replayIntegration({ ...REPLAY_OPTIONS }));
    return true;
  } catch (error) {
    console.warn('[cliffhanger] session replay could not start', error);
    return false;
  }
}

export function reportError(error: unknown): void {
  if (sentry) sentry.captureException(error);
  else if (runtimeConfig().sentryDsn) pendingErrors.push(error);
}

/** Errors carry the version of each remote the page runs: tag `remote.<id>.version`. */
export function setRemoteVersionTag(remote: string, version: string): void {
  const key = `remote.${remote}.version`;
  if (tags.get(key) === version) return;
  tags.set(key, version);
  sentry?.setTag(key, version);
}

export function setMonitoredUser(user: User | null): void {
  sentry?.setUser(monitoredUser(user));
}

/** For tests: forget the started SDK. */
export function resetMonitoring(): void {
  sentry = null;
  pendingErrors = [];
  tags.clear();
}
