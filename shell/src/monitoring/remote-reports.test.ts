import { REMOTE_REPORTS_FLUSH_MS, REMOTE_REPORTS_PER_REQUEST, type RemoteLoadReportsBody } from '@cliffhanger/shared';
import { createRemoteReporter } from './remote-reports';

const loaded = (n: number) => ({ remote: 'wallet' as const, version: '2.0.0', outcome: 'loaded' as const, load_ms: n });

afterEach(() => jest.useRealTimers());

describe('load reports', () => {
  it('are sent in batches every few seconds, at most REMOTE_REPORTS_PER_REQUEST a request', async () => {
    jest.useFakeTimers();
    const sent: Array<{ body: RemoteLoadReportsBody; keepalive: boolean }> = [];
    const reporter = createRemoteReporter({ send: async (body, { keepalive }) => sent.push({ body, keepalive }) });
    reporter.start();
    for (let i = 0; i < REMOTE_REPORTS_PER_REQUEST * 2 + 5; i += 1) reporter.report(loaded(i));
    expect(sent).toHaveLength(0);
    jest.advanceTimersByTime(REMOTE_REPORTS_FLUSH_MS);
    expect(sent.map((s) => s.body.reports.length)).toEqual([REMOTE_REPORTS_PER_REQUEST, REMOTE_REPORTS_PER_REQUEST, 5]);
    expect(sent[0].body.reports[0]).toEqual(loaded(0));
    expect(sent.every((s) => !s.keepalive)).toBe(true);
    jest.advanceTimersByTime(REMOTE_REPORTS_FLUSH_MS);
    expect(sent).toHaveLength(3);
    reporter.stop();
  });

  it('go out with keepalive when the page is hidden', async () => {
    const sent: boolean[] = [];
    const reporter = createRemoteReporter({ send: async (_body, { keepalive }) => sent.push(keepalive) });
    reporter.start(window);
    reporter.report({ remote: 'player', version: '1.0.0', outcome: 'error' });
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([true]);
    reporter.stop();
    reporter.report({ remote: 'player', version: '1.0.0', outcome: 'error' });
    window.dispatchEvent(new Event('pagehide'));
    expect(sent).toEqual([true]);
  });

  it('never throw, and keep at most a bounded queue while the server is away', async () => {
    const reporter = createRemoteReporter({
      send: () => {
        throw new Error('offline');
      },
      limit: 50,
    });
    for (let i = 0; i < 500; i += 1) reporter.report(loaded(i));
    expect(reporter.pending()).toBe(50);
    await expect(reporter.flush()).resolves.toBeUndefined();
    const rejecting = createRemoteReporter({ send: () => Promise.reject(new Error('500')) });
    rejecting.report(loaded(1));
    await expect(rejecting.flush({ keepalive: true })).resolves.toBeUndefined();
  });

  it('post JSON to /api/remotes/reports/ by default', async () => {
    const fetchMock = jest.fn(async () => ({ ok: true }));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const reporter = createRemoteReporter();
    reporter.report(loaded(12));
    await reporter.flush({ keepalive: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/remotes/reports/',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
    expect(JSON.parse((fetchMock.mock.calls[0] as unknown as [string, { body: string }])[1].body)).toEqual({
      reports: [loaded(12)],
    });
  });
});
