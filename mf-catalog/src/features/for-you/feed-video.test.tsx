import { FAST_START_CONFIG, RENEWALS, STANDBY_BUFFER_SECONDS } from '@cliffhanger/shared/hls';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FeedVideo } from './feed-video';

type Handler = (event: string, data: unknown) => void;
const instances: Array<{ config: Record<string, unknown>; source?: string; handlers: Map<string, Handler> }> = [];

jest.mock('hls.js/light', () => {
  class FakeHls {
    static Events = { ERROR: 'hlsError', FRAG_LOADED: 'hlsFragLoaded' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError', OTHER_ERROR: 'otherError' };
    static isSupported = () => true;
    entry: { config: Record<string, unknown>; source?: string; handlers: Map<string, Handler> };
    constructor(public config: Record<string, unknown>) {
      this.entry = { config, handlers: new Map() };
      instances.push(this.entry);
    }
    on(event: string, handler: Handler) {
      this.entry.handlers.set(event, handler);
    }
    loadSource(src: string) {
      this.entry.source = src;
    }
    attachMedia() {}
    startLoad() {}
    detachMedia() {}
    destroy() {}
  }
  return { __esModule: true, default: FakeHls };
});

const play = jest.fn(() => Promise.resolve());
beforeAll(() => {
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: play });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });
  Object.defineProperty(HTMLMediaElement.prototype, 'load', { configurable: true, value: () => undefined });
  // The browser plays HLS itself: it does where Media Source Extensions cannot (older iPhones).
  Object.defineProperty(HTMLMediaElement.prototype, 'canPlayType', {
    configurable: true,
    value: (type: string) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : ''),
  });
});
afterEach(() => {
  instances.length = 0;
  play.mockClear();
  delete (globalThis as { MediaSource?: unknown }).MediaSource;
});

/** jsdom keeps no playback position: give the element one the test controls. */
function positionOf(video: HTMLVideoElement, start: number) {
  let time = start;
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (value: number) => {
      time = value;
    },
  });
  return () => time;
}

const OLD = 'https://site.example/media/play/7/master.m3u8?t=0.1700000000.old';
const FRESH = 'https://site.example/media/play/7/master.m3u8?t=0.1800000000.new';

describe('a feed clip whose signed address expired', () => {
  it('asks for a fresh address on a 403 and goes on from where it was (hls.js)', async () => {
    (globalThis as { MediaSource?: unknown }).MediaSource = { isTypeSupported: () => true };
    const renew = jest.fn(async () => FRESH);
    render(<FeedVideo src={OLD} label="Clip" active muted renew={renew} />);
    await waitFor(() => expect(instances).toHaveLength(1));
    expect(instances[0]?.source).toBe(OLD);
    const video = screen.getByLabelText('Clip') as HTMLVideoElement;
    positionOf(video, 42.5);

    // A missing file is not an expired address: nothing is renewed.
    act(() =>
      instances[0]?.handlers.get('hlsError')?.('hlsError', {
        fatal: true,
        type: 'networkError',
        response: { code: 404 },
      }),
    );
    expect(renew).not.toHaveBeenCalled();

    await act(async () => {
      instances[0]?.handlers.get('hlsError')?.('hlsError', {
        fatal: true,
        type: 'networkError',
        response: { code: 403 },
      });
    });
    expect(renew).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(instances).toHaveLength(2));
    expect(instances[1]?.source).toBe(FRESH);
    expect(instances[1]?.config.startPosition).toBe(42.5);
  });

  it('gives up after a few refusals in a row instead of asking forever', async () => {
    (globalThis as { MediaSource?: unknown }).MediaSource = { isTypeSupported: () => true };
    const renew = jest.fn(async () => FRESH);
    render(<FeedVideo src={OLD} label="Clip" active muted renew={renew} />);
    for (let round = 0; round < RENEWALS + 2; round++) {
      await waitFor(() => expect(instances.length).toBeGreaterThan(Math.min(round, RENEWALS)));
      const latest = instances[instances.length - 1];
      await act(async () => {
        latest?.handlers.get('hlsError')?.('hlsError', { fatal: true, type: 'networkError', response: { code: 403 } });
      });
    }
    expect(renew).toHaveBeenCalledTimes(RENEWALS);
  });

  it("renews through the browser's own player too, resuming the position once the new address loads", async () => {
    const renew = jest.fn(async () => FRESH);
    render(<FeedVideo src={OLD} label="Clip" active muted renew={renew} />);
    const video = screen.getByLabelText('Clip') as HTMLVideoElement;
    expect(video.src).toBe(OLD);
    const position = positionOf(video, 17);
    await act(async () => {
      fireEvent.error(video);
    });
    expect(renew).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(video.src).toBe(FRESH));
    position(); // the element was reloaded; the clip seeks back once its metadata is in
    Object.defineProperty(video, 'currentTime', { configurable: true, writable: true, value: 0 });
    play.mockClear();
    fireEvent.loadedMetadata(video);
    expect(video.currentTime).toBe(17);
    expect(play).toHaveBeenCalled();
  });

  it('plays a clip that became current while its address was being renewed, once the fresh one loads', async () => {
    let give: (address: string) => void = () => undefined;
    const renew = jest.fn(() => new Promise<string>((resolve) => (give = resolve)));
    // A neighbour clip (not current) finds its address refused while it preloads…
    const { rerender } = render(<FeedVideo src={OLD} label="Clip" active={false} muted renew={renew} />);
    const video = screen.getByLabelText('Clip') as HTMLVideoElement;
    await act(async () => {
      fireEvent.error(video);
    });
    // …the viewer swipes to it before the fresh address comes: its play() is dropped by the reload.
    rerender(<FeedVideo src={OLD} label="Clip" active muted renew={renew} />);
    await act(async () => give(FRESH));
    await waitFor(() => expect(video.src).toBe(FRESH));
    play.mockClear();
    fireEvent.loadedMetadata(video);
    expect(play).toHaveBeenCalled();
  });

  it('keeps the clip as it was when no fresh address is given (no longer allowed)', async () => {
    const renew = jest.fn(async () => null);
    render(<FeedVideo src={OLD} label="Clip" active muted renew={renew} />);
    const video = screen.getByLabelText('Clip') as HTMLVideoElement;
    await act(async () => {
      fireEvent.error(video);
    });
    expect(renew).toHaveBeenCalledTimes(1);
    expect(video.src).toBe(OLD);
  });
});

describe('the clips beside the one on screen', () => {
  it('preload only their first seconds, paused, and play in full once swiped to, without loading again', async () => {
    (globalThis as { MediaSource?: unknown }).MediaSource = { isTypeSupported: () => true };
    const { rerender } = render(<FeedVideo src={OLD} label="Clip" active={false} muted />);
    await waitFor(() => expect(instances).toHaveLength(1));
    expect(instances[0]?.config).toMatchObject({ maxBufferLength: STANDBY_BUFFER_SECONDS });
    expect(play).not.toHaveBeenCalled();

    rerender(<FeedVideo src={OLD} label="Clip" active muted />);
    expect(play).toHaveBeenCalled();
    expect(instances[0]?.config).toMatchObject({ maxBufferLength: FAST_START_CONFIG.maxBufferLength });
    expect(instances).toHaveLength(1);
  });
});
