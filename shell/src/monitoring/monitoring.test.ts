import {
  reportError,
  resetMonitoring,
  sentryOptions,
  setMonitoredUser,
  startMonitoring,
  startReplay,
} from './monitoring';

function fakeSentry() {
  return {
    init: jest.fn(),
    setUser: jest.fn(),
    captureException: jest.fn(),
    addIntegration: jest.fn(),
    browserTracingIntegration: jest.fn(() => ({ name: 'BrowserTracing' })),
  };
}

beforeEach(() => {
  resetMonitoring();
  localStorage.clear();
  delete window.__CLIFFHANGER__;
});

describe('error reporting', () => {
  it('does nothing without a configured DSN', async () => {
    const load = jest.fn();
    await expect(startMonitoring('', load)).resolves.toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(() => reportError(new Error('x'))).not.toThrow();
    await expect(startReplay()).resolves.toBe(false);
  });

  it('starts with the sampling the product sets, the drop rules, redaction and the stored user', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 5, email: 'a@b.c', username: 'ann', is_staff: true }));
    const sentry = fakeSentry();
    await expect(startMonitoring('https://key@sentry.example/1', async () => sentry as never)).resolves.toBe(true);
    const options = sentry.init.mock.calls[0][0];
    expect(options).toMatchObject({
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
    expect(options.beforeSend({ message: 'ResizeObserver loop limit exceeded' }, {})).toBeNull();
    expect(options.beforeBreadcrumb({ data: { url: '/api/v1/auth/login/' } }).data.url).toBe('/api/v1/auth/[redacted]');
    expect(sentry.setUser).toHaveBeenCalledWith({ id: '5', email: 'a@b.c', username: 'ann' });
  });

  it('loads session replay separately, masking all text and inputs', async () => {
    const sentry = fakeSentry();
    await startMonitoring('https://key@sentry.example/1', async () => sentry as never);
    const replayIntegration = jest.fn((options: object) => ({ name: 'Replay', options }));
    await expect(startReplay(async () => ({ replayIntegration }) as never)).resolves.toBe(true);
    expect(replayIntegration).toHaveBeenCalledWith(
      expect.objectContaining({
        maskAllText: true,
        maskAllInputs: true,
        minReplayDuration: 5_000,
        maxReplayDuration: 3_600_000,
      }),
    );
    expect(sentry.addIntegration).toHaveBeenCalledWith(expect.objectContaining({ name: 'Replay' }));
  });

  it('keeps errors reported before the SDK is ready and sends them once it is', async () => {
    window.__CLIFFHANGER__ = { sentryDsn: 'https://key@sentry.example/1' };
    const early = new Error('early');
    reportError(early);
    const sentry = fakeSentry();
    await startMonitoring('https://key@sentry.example/1', async () => sentry as never);
    expect(sentry.captureException).toHaveBeenCalledWith(early);
    setMonitoredUser(null);
    expect(sentry.setUser).toHaveBeenLastCalledWith(null);
  });

  it('never crashes when the SDK fails to load', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(
      startMonitoring('https://key@sentry.example/1', async () => {
        throw new Error('offline');
      }),
    ).resolves.toBe(false);
    expect(sentryOptions('d').dsn).toBe('d');
  });
});
