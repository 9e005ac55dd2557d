import { runSaga } from 'redux-saga';
import { isIosInAppBrowser, systemBrowserUrl, trackingParamsOf } from './in-app-browser';
import { type InAppBrowserEnvironment, inAppBrowserSaga, redirectEnded, redirectStarted } from './in-app-browser.saga';

const INSTAGRAM_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.0.40.92';
const HREF = 'https://cliffhanger.app/series/3?utm_source=ig&utm_campaign=spring&fbclid=abc&ttclid=t1&gclid=g1&page=2';

describe('in-app browser detection', () => {
  it.each([
    INSTAGRAM_IPHONE,
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) Mobile/15E148 [FBAN/FBIOS;FBAV/400.0]',
    'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) Mobile/15E148 musical_ly_30.0 TikTok',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) Mobile/15E148 Snapchat/12.0',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) Mobile/15E148 Safari Line/13.0.0',
  ])('recognises an iOS social app browser: %s', (ua) => {
    expect(isIosInAppBrowser(ua)).toBe(true);
  });

  it('leaves Safari on iPhone and Instagram on Android alone', () => {
    expect(
      isIosInAppBrowser(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe(false);
    expect(isIosInAppBrowser('Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile Instagram 330')).toBe(false);
  });

  it('keeps the tracking parameters in the system browser address', () => {
    expect(trackingParamsOf(HREF)).toEqual({
      utm_source: 'ig',
      utm_campaign: 'spring',
      fbclid: 'abc',
      ttclid: 't1',
      gclid: 'g1',
    });
    expect(systemBrowserUrl(HREF)).toBe(`x-safari-${HREF}`);
  });
});

describe('the system browser redirect', () => {
  function env(extra: Partial<InAppBrowserEnvironment> = {}): InAppBrowserEnvironment {
    const stored = new Map<string, string>();
    return {
      userAgent: INSTAGRAM_IPHONE,
      href: HREF,
      session: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
      open: jest.fn(),
      ...extra,
    };
  }
  async function run(environment: InAppBrowserEnvironment) {
    const dispatched: Array<{ type: string; payload?: unknown }> = [];
    const task = runSaga(
      { dispatch: (a: { type: string }) => dispatched.push(a), getState: () => ({}) },
      inAppBrowserSaga,
      environment,
    );
    return { dispatched, task };
  }
  afterEach(() => jest.useRealTimers());

  it('waits 200 ms, then tries once per session to open the page in the system browser', async () => {
    jest.useFakeTimers();
    const environment = env();
    const { dispatched } = await run(environment);
    expect(dispatched.map((a) => a.type)).toContain(redirectStarted.type);
    await jest.advanceTimersByTimeAsync(199);
    expect(environment.open).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(environment.open).toHaveBeenCalledWith(`x-safari-${HREF}`);
    await run(environment);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(environment.open).toHaveBeenCalledTimes(1);
  });

  it('logs an error, reports it as 12.x and hides the overlay', async () => {
    jest.useFakeTimers();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const environment = env({
      open: () => {
        throw new Error('scheme not allowed');
      },
    });
    const { dispatched } = await run(environment);
    await jest.advanceTimersByTimeAsync(200);
    expect(error).toHaveBeenCalled();
    const failure = dispatched.find(
      (a) => a.type === 'analytics/track' && String((a.payload as { event: string }).event).startsWith('12.3'),
    );
    expect(failure).toBeTruthy();
    expect(dispatched.at(-1)).toEqual(redirectEnded());
    error.mockRestore();
  });

  it('does nothing outside an iOS in-app browser', async () => {
    const environment = env({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120' });
    const { dispatched } = await run(environment);
    expect(dispatched).toEqual([]);
  });
});
