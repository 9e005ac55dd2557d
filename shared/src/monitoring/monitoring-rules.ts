/**
 * The error reporter's rules (product.md#monitoring) as pure functions, so they are tested without the SDK: which
 * errors are dropped, how breadcrumbs are redacted, which user is attached, and the sampling and
 * replay settings. The shell hands these to `@sentry/react`; the shapes below are the parts of the
 * SDK's event, hint and breadcrumb that the rules read.
 */
import {
  SENTRY_REPLAY_IDLE_EXPIRE_MS,
  SENTRY_REPLAY_IDLE_PAUSE_MS,
  SENTRY_REPLAY_MAX_DURATION_MS,
  SENTRY_REPLAY_MIN_DURATION_MS,
  SENTRY_REPLAY_ON_ERROR_SAMPLE_RATE,
  SENTRY_REPLAY_SESSION_SAMPLE_RATE,
  SENTRY_TRACES_SAMPLE_RATE,
} from '../constants';
import type { User } from '../entities';

interface StackFrame {
  filename?: string;
  abs_path?: string;
}

export interface MonitoredEvent {
  message?: string;
  exception?: { values?: Array<{ type?: string; value?: string; stacktrace?: { frames?: StackFrame[] } }> };
  request?: { url?: string };
}

export interface MonitoredHint {
  originalException?: unknown;
}

export interface MonitoredBreadcrumb {
  category?: string;
  message?: string;
  data?: Record<string, unknown>;
}

const RESIZE_OBSERVER = /ResizeObserver loop/i;
const NETWORK_FAILURES = ['Failed to fetch', 'NetworkError', 'Network request failed'];
const EXTENSION_URL = /^(chrome|moz|safari|safari-web|ms-browser)-extension:\/\//i;
/** Addresses under `/api/v1/auth/` are redacted (product.md#monitoring); this API serves the same calls under `/api/auth/`, redacted alike. */
const AUTH_URL = /\/api\/(v1\/)?auth\/[^\s"']*/g;
export const REDACTED = '[redacted]';

function messagesOf(event: MonitoredEvent, hint: MonitoredHint): string[] {
  const texts = [event.message ?? ''];
  for (const value of event.exception?.values ?? []) texts.push(value.value ?? '', value.type ?? '');
  const original = hint.originalException;
  if (original instanceof Error) texts.push(original.message);
  return texts.filter(Boolean);
}

function framesOf(event: MonitoredEvent): StackFrame[] {
  return (event.exception?.values ?? []).flatMap((value) => value.stacktrace?.frames ?? []);
}

/** The drop rules of product.md#monitoring: resize observers, non-Error string rejections, network failures, extensions. */
export function shouldDropEvent(event: MonitoredEvent, hint: MonitoredHint = {}): boolean {
  const texts = messagesOf(event, hint);
  if (texts.some((text) => RESIZE_OBSERVER.test(text))) return true;
  if (typeof hint.originalException === 'string') return true;
  if (texts.some((text) => text.includes('Non-Error promise rejection captured'))) return true;
  if (texts.some((text) => NETWORK_FAILURES.some((failure) => text.includes(failure)))) return true;
  const urls = framesOf(event).flatMap((frame) => [frame.filename ?? '', frame.abs_path ?? '']);
  if (event.request?.url) urls.push(event.request.url);
  return urls.some((url) => EXTENSION_URL.test(url));
}

/** `beforeSend`: the event, or null when a drop rule matches. */
export function filterEvent<E extends MonitoredEvent>(event: E, hint?: MonitoredHint): E | null {
  return shouldDropEvent(event, hint) ? null : event;
}

function redactText(text: string): string {
  return text.replace(
    AUTH_URL,
    (match) => `${match.startsWith('/api/v1') ? '/api/v1/auth/' : '/api/auth/'}${REDACTED}`,
  );
}

/** `beforeBreadcrumb`: auth call addresses are redacted, so tokens in their paths never leave. */
export function redactBreadcrumb<B extends MonitoredBreadcrumb>(breadcrumb: B): B {
  const out = { ...breadcrumb };
  if (out.message) out.message = redactText(out.message);
  if (out.data) {
    out.data = { ...out.data };
    for (const key of ['url', 'from', 'to']) {
      const value = out.data[key];
      if (typeof value === 'string') out.data[key] = redactText(value);
    }
  }
  return out;
}

/** The stored user attached to reports: id, email and username only. */
export function monitoredUser(user: Pick<User, 'id' | 'email' | 'username'> | null | undefined) {
  if (!user) return null;
  return { id: String(user.id), email: user.email, username: user.username };
}

/** Sampling of product.md#monitoring. */
export const MONITORING_SAMPLING = {
  tracesSampleRate: SENTRY_TRACES_SAMPLE_RATE,
  replaysSessionSampleRate: SENTRY_REPLAY_SESSION_SAMPLE_RATE,
  replaysOnErrorSampleRate: SENTRY_REPLAY_ON_ERROR_SAMPLE_RATE,
} as const;

/**
 * Replay settings of product.md#monitoring: every text and input masked, at least about 5 s and at most 1 hour. The idle
 * pause (5 min) and idle expiry (15 min) are the SDK's built-in session timeouts and need no option;
 * they are listed so a version that changes them is noticed by the test.
 */
export const REPLAY_OPTIONS = {
  maskAllText: true,
  maskAllInputs: true,
  blockAllMedia: true,
  minReplayDuration: SENTRY_REPLAY_MIN_DURATION_MS,
  maxReplayDuration: SENTRY_REPLAY_MAX_DURATION_MS,
} as const;

export const REPLAY_IDLE_TIMEOUTS = {
  sessionIdlePause: SENTRY_REPLAY_IDLE_PAUSE_MS,
  sessionIdleExpire: SENTRY_REPLAY_IDLE_EXPIRE_MS,
} as const;
