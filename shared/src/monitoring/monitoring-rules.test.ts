import {
  filterEvent,
  MONITORING_SAMPLING,
  monitoredUser,
  REPLAY_IDLE_TIMEOUTS,
  REPLAY_OPTIONS,
  redactBreadcrumb,
  shouldDropEvent,
} from './monitoring-rules';

const exception = (value: string, filename = 'https://cliffhanger.app/main.js') => ({
  exception: { values: [{ type: 'Error', value, stacktrace: { frames: [{ filename }] } }] },
});

describe('the error reporter’s drop rules', () => {
  it('drops resize observer errors', () => {
    expect(shouldDropEvent(exception('ResizeObserver loop completed with undelivered notifications.'))).toBe(true);
  });

  it('drops promise rejections with a plain string instead of an Error', () => {
    expect(shouldDropEvent({ message: 'nope' }, { originalException: 'nope' })).toBe(true);
    expect(shouldDropEvent(exception('Non-Error promise rejection captured with value: x'))).toBe(true);
  });

  it.each(['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Network request failed'])(
    'drops the network failure "%s"',
    (message) => {
      expect(shouldDropEvent(exception(message))).toBe(true);
    },
  );

  it('drops errors thrown from browser-extension URLs', () => {
    expect(shouldDropEvent(exception('boom', 'chrome-extension://abc/content.js'))).toBe(true);
    expect(shouldDropEvent(exception('boom', 'moz-extension://abc/content.js'))).toBe(true);
  });

  it('keeps a real application error', () => {
    const event = exception('Cannot read properties of undefined');
    expect(shouldDropEvent(event, { originalException: new Error('Cannot read properties of undefined') })).toBe(false);
    expect(filterEvent(event)).toBe(event);
  });
});

describe('breadcrumb redaction', () => {
  it('redacts /api/v1/auth/ addresses in breadcrumbs', () => {
    const crumb = redactBreadcrumb({
      category: 'xhr',
      data: { url: 'https://x.app/api/v1/auth/magic-link/verify/abc123', method: 'POST' },
    });
    expect(crumb.data?.url).toBe('https://x.app/api/v1/auth/[redacted]');
    expect(crumb.data?.method).toBe('POST');
  });

  it('redacts this API’s own auth addresses and leaves other breadcrumbs alone', () => {
    expect(redactBreadcrumb({ message: 'POST /api/auth/token/refresh/' }).message).toBe('POST /api/auth/[redacted]');
    expect(redactBreadcrumb({ data: { url: '/api/series/' } }).data?.url).toBe('/api/series/');
  });
});

describe('monitoring settings', () => {
  it('attaches the stored user’s id, email and username only', () => {
    expect(monitoredUser({ id: 3, email: 'a@b.c', username: 'ann', is_staff: true } as never)).toEqual({
      id: '3',
      email: 'a@b.c',
      username: 'ann',
    });
    expect(monitoredUser(null)).toBeNull();
  });

  it('samples traces at 0.1, replays at 0.1 and replays on error at 1', () => {
    expect(MONITORING_SAMPLING).toEqual({
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
  });

  it('masks all text and inputs, records 5 s to 1 hour, pauses idle after 5 min and expires after 15 min', () => {
    expect(REPLAY_OPTIONS).toMatchObject({ maskAllText: true, maskAllInputs: true, minReplayDuration: 5_000 });
    expect(REPLAY_OPTIONS.maxReplayDuration).toBe(3_600_000);
    expect(REPLAY_IDLE_TIMEOUTS).toEqual({ sessionIdlePause: 300_000, sessionIdleExpire: 900_000 });
  });
});
