import type { HlsConstructor } from './hls-engine';
import {
  cancelHeadStart,
  FAST_START_CONFIG,
  HEAD_START_TTL_MS,
  headStartPending,
  IDLE_FALLBACK_MS,
  NETWORK_RETRIES,
  PlaybackEngine,
  STANDBY_BUFFER_SECONDS,
  startAhead,
  warmPlaybackEngineWhenIdle,
} from './hls-engine';

type Handler = (event: string, data: unknown) => void;

class FakeHls {
  static instances: FakeHls[] = [];
  static Events = { ERROR: 'hlsError', FRAG_LOADED: 'hlsFragLoaded' };
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError', OTHER_ERROR: 'otherError' };
  static isSupported = () => true;
  handlers: Record<string, Handler> = {};
  calls: string[] = [];
  constructor(public config: Record<string, unknown>) {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers[event] = handler;
  }
  emitError(type: string) {
    this.handlers.hlsError?.('hlsError', { fatal: true, type });
  }
  loadSource(src: string) {
    this.calls.push(`loadSource ${src}`);
  }
  attachMedia() {
    this.calls.push('attachMedia');
  }
  startLoad() {
    this.calls.push('startLoad');
  }
  recoverMediaError() {
    this.calls.push('recoverMediaError');
  }
  swapAudioCodec() {
    this.calls.push('swapAudioCodec');
  }
  detachMedia() {
    this.calls.push('detachMedia');
  }
  destroy() {
    this.calls.push('destroy');
  }
}

const video = () => {
  const element = document.createElement('video');
  element.canPlayType = () => '';
  return element;
};

async function engineWith(listener = {}) {
  const engine = new PlaybackEngine(video(), listener, async () => FakeHls as unknown as HlsConstructor);
  await engine.load('/media/1/master.m3u8', 12);
  return { engine, hls: FakeHls.instances.at(-1) as FakeHls };
}

beforeEach(() => {
  FakeHls.instances = [];
  jest.useFakeTimers();
});
afterEach(() => {
  cancelHeadStart();
  jest.useRealTimers();
});

describe('the playback engine', () => {
  it('starts fast: no low-latency mode, first fragment prefetched, level capped, lowest start level, resume position', async () => {
    const { hls } = await engineWith();
    expect(hls.config).toMatchObject({ ...FAST_START_CONFIG, startPosition: 12 });
    expect(FAST_START_CONFIG).toMatchObject({
      lowLatencyMode: false,
      startFragPrefetch: true,
      capLevelToPlayerSize: true,
    });
    expect(hls.calls).toEqual(['loadSource /media/1/master.m3u8', 'attachMedia']);
  });

  it('retries a network failure a bounded number of times with a growing delay, then reports it', async () => {
    const onFatal = jest.fn();
    const { hls } = await engineWith({ onFatal });
    for (let attempt = 1; attempt <= NETWORK_RETRIES; attempt++) {
      hls.emitError('networkError');
      jest.advanceTimersByTime(1_000 * 2 ** (attempt - 1));
    }
    expect(hls.calls.filter((c) => c === 'startLoad')).toHaveLength(NETWORK_RETRIES);
    expect(onFatal).not.toHaveBeenCalled();
    hls.emitError('networkError');
    expect(onFatal).toHaveBeenCalledWith('network');
    expect(hls.calls).toContain('destroy');
  });

  it('recovers a media error, then swaps the audio codec, then gives up, saying the media is at fault', async () => {
    const onFatal = jest.fn();
    const { hls } = await engineWith({ onFatal });
    hls.emitError('mediaError');
    hls.emitError('mediaError');
    expect(hls.calls.filter((c) => c === 'recoverMediaError')).toHaveLength(2);
    expect(hls.calls).toContain('swapAudioCodec');
    hls.emitError('mediaError');
    expect(onFatal).toHaveBeenCalledWith('media');
  });

  it('tears the hls instance down on leave and before loading another source', async () => {
    const { engine, hls } = await engineWith();
    await engine.load('/media/2/master.m3u8');
    expect(hls.calls.slice(-2)).toEqual(['detachMedia', 'destroy']);
    const second = FakeHls.instances.at(-1) as FakeHls;
    engine.teardown();
    expect(second.calls.slice(-2)).toEqual(['detachMedia', 'destroy']);
    expect(engine.active).toBe(false);
  });
});

describe('a standby source (the next episode, pre-buffered)', () => {
  it('buffers only its first seconds, then as far as any playing source once promoted', async () => {
    const engine = new PlaybackEngine(video(), {}, async () => FakeHls as unknown as HlsConstructor);
    await engine.load('/media/2/master.m3u8', 0, 'standby');
    const hls = FakeHls.instances.at(-1) as FakeHls;
    expect(hls.config).toMatchObject({
      ...FAST_START_CONFIG,
      maxBufferLength: STANDBY_BUFFER_SECONDS,
      maxMaxBufferLength: STANDBY_BUFFER_SECONDS,
    });
    expect(engine.standby).toBe(true);
    expect(engine.promote()).toBe(true);
    expect(hls.config).toMatchObject({
      maxBufferLength: FAST_START_CONFIG.maxBufferLength,
      maxMaxBufferLength: FAST_START_CONFIG.maxMaxBufferLength,
    });
    expect(engine.standby).toBe(false);
    expect(FakeHls.instances).toHaveLength(1); // promoted, not loaded again
    expect(hls.calls).not.toContain('destroy');
  });

  it('is not promoted once it failed or was torn down: the player loads the episode afresh', async () => {
    const onFatal = jest.fn();
    const engine = new PlaybackEngine(video(), { onFatal }, async () => FakeHls as unknown as HlsConstructor);
    await engine.load('/media/2/master.m3u8', 0, 'standby');
    (FakeHls.instances.at(-1) as FakeHls).emitError('otherError');
    expect(onFatal).toHaveBeenCalledWith('media');
    expect(engine.promote()).toBe(false);
    await engine.load('/media/3/master.m3u8', 0, 'standby');
    engine.teardown();
    expect(engine.promote()).toBe(false);
    expect(engine.source).toBeNull();
  });
});

describe('which player plays an episode', () => {
  const withMediaSource = (isTypeSupported: (type: string) => boolean) => {
    (globalThis as { MediaSource?: unknown }).MediaSource = { isTypeSupported };
  };
  afterEach(() => {
    delete (globalThis as { MediaSource?: unknown }).MediaSource;
  });

  it('plays with hls.js wherever Media Source Extensions can play H.264/AAC, even where the browser plays HLS itself', async () => {
    withMediaSource((type) => type.includes('avc1') && type.includes('mp4a'));
    const element = document.createElement('video');
    element.canPlayType = () => 'maybe';
    const engine = new PlaybackEngine(element, {}, async () => FakeHls as unknown as HlsConstructor);
    await engine.load('/media/1/master.m3u8');
    expect(FakeHls.instances).toHaveLength(1);
    expect(element.getAttribute('src')).toBeNull();
    expect(engine.active).toBe(true);
  });

  it('hands the hls.js instance playing the video to the listener, for the captions menu', async () => {
    const onAttached = jest.fn();
    const { hls } = await engineWith({ onAttached });
    expect(onAttached).toHaveBeenCalledWith(hls);
  });

  it("plays a plain video file (an MP4 clip) in the browser's own player, even where hls.js could play", async () => {
    withMediaSource(() => true);
    const element = document.createElement('video');
    element.canPlayType = () => '';
    const engine = new PlaybackEngine(element, {}, async () => FakeHls as unknown as HlsConstructor);
    await engine.load('https://cdn.example/clips/7.mp4?t=1');
    expect(FakeHls.instances).toHaveLength(0);
    expect(element.getAttribute('src')).toBe('https://cdn.example/clips/7.mp4?t=1');
  });

  it("uses the browser's own HLS where Media Source Extensions cannot play (older iPhones)", async () => {
    withMediaSource(() => false);
    const element = document.createElement('video');
    element.canPlayType = (type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : '');
    const engine = new PlaybackEngine(element, {}, async () => FakeHls as unknown as HlsConstructor);
    await engine.load('/media/1/master.m3u8');
    expect(FakeHls.instances).toHaveLength(0);
    expect(element.getAttribute('src')).toBe('/media/1/master.m3u8');
    engine.teardown();
    expect(element.getAttribute('src')).toBeNull();
  });

  it('tells the viewer which browsers work when neither can play', async () => {
    const onFatal = jest.fn();
    const Unsupported = Object.assign(class extends FakeHls {}, { isSupported: () => false });
    const engine = new PlaybackEngine(video(), { onFatal }, async () => Unsupported as unknown as HlsConstructor);
    await engine.load('/media/1/master.m3u8');
    expect(onFatal).toHaveBeenCalledWith('unsupported');
  });
});

describe('an expired signed address', () => {
  const flush = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  const refuse = (hls: FakeHls, fatal = false) =>
    hls.handlers.hlsError?.('hlsError', {
      fatal,
      type: 'networkError',
      details: 'fragLoadError',
      response: { code: 403, text: 'Forbidden' },
    });

  async function playingAt(seconds: number, listener: Record<string, unknown>) {
    const element = video();
    Object.defineProperty(element, 'currentTime', { value: seconds, writable: true });
    Object.defineProperty(element, 'paused', { value: false });
    const engine = new PlaybackEngine(element, listener, async () => FakeHls as unknown as HlsConstructor);
    await engine.load('/media/play/1/master.m3u8?t=old', 0);
    return { engine, element, hls: FakeHls.instances.at(-1) as FakeHls };
  }

  it('starts the episode after a fresh address when the first segments were refused before it had started', async () => {
    const renewSource = jest.fn(async () => '/media/play/1/master.m3u8?t=fresh');
    const element = video();
    const engine = new PlaybackEngine(element, { renewSource }, async () => FakeHls as unknown as HlsConstructor);
    await engine.load('/media/play/1/master.m3u8?t=old', 0);
    const play = jest.spyOn(element, 'play').mockImplementation(async () => undefined);
    refuse(FakeHls.instances.at(-1) as FakeHls);
    await flush();
    expect(renewSource).toHaveBeenCalledTimes(1);
    element.dispatchEvent(new Event('canplay'));
    expect(play).toHaveBeenCalled();
  });

  it('asks the API for a fresh address instead of retrying the refused one, and goes on from where it was', async () => {
    const renewSource = jest.fn(async () => '/media/play/1/master.m3u8?t=fresh');
    const onFatal = jest.fn();
    const { engine, element, hls } = await playingAt(42, { renewSource, onFatal });
    const play = jest.spyOn(element, 'play').mockImplementation(async () => undefined);
    refuse(hls);
    refuse(hls, true); // the same outage seen twice is one renewal
    await flush();
    expect(renewSource).toHaveBeenCalledTimes(1);
    expect(hls.calls).not.toContain('startLoad');
    expect(hls.calls.slice(-2)).toEqual(['detachMedia', 'destroy']);
    const fresh = FakeHls.instances.at(-1) as FakeHls;
    expect(fresh.calls).toEqual(['loadSource /media/play/1/master.m3u8?t=fresh', 'attachMedia']);
    expect(fresh.config).toMatchObject({ startPosition: 42 });
    expect(engine.source).toBe('/media/play/1/master.m3u8?t=fresh');
    element.dispatchEvent(new Event('canplay'));
    expect(play).toHaveBeenCalled();
    expect(onFatal).not.toHaveBeenCalled();
  });

  it('says so when no fresh address can be had (the episode is locked again)', async () => {
    const onFatal = jest.fn();
    const { hls } = await playingAt(0, { renewSource: async () => null, onFatal });
    refuse(hls, true);
    await flush();
    expect(onFatal).toHaveBeenCalledWith('network');
  });

  it("tries one fresh address when the browser's own player fails (it does not say why), then says so", async () => {
    (globalThis as { MediaSource?: unknown }).MediaSource = { isTypeSupported: () => false };
    try {
      const element = document.createElement('video');
      element.canPlayType = (type) => (type === 'application/vnd.apple.mpegurl' ? 'maybe' : '');
      const onFatal = jest.fn();
      const renewSource = jest.fn(async () => '/media/play/1/master.m3u8?t=fresh');
      const engine = new PlaybackEngine(
        element,
        { renewSource, onFatal },
        async () => FakeHls as unknown as HlsConstructor,
      );
      await engine.load('/media/play/1/master.m3u8?t=old');
      element.dispatchEvent(new Event('error'));
      await flush();
      expect(renewSource).toHaveBeenCalledTimes(1);
      expect(element.getAttribute('src')).toBe('/media/play/1/master.m3u8?t=fresh');
      element.dispatchEvent(new Event('error'));
      await flush();
      expect(renewSource).toHaveBeenCalledTimes(1);
      expect(onFatal).toHaveBeenCalledWith('media');
      // The element is left as the browser left it; the next load or teardown empties it.
      expect(element.getAttribute('src')).toBe('/media/play/1/master.m3u8?t=fresh');
    } finally {
      delete (globalThis as { MediaSource?: unknown }).MediaSource;
    }
  });

  it('does not ask forever: refused again and again without a fragment loading, it gives up', async () => {
    const onFatal = jest.fn();
    const renewSource = jest.fn(async () => '/media/play/1/master.m3u8?t=also-refused');
    const { hls } = await playingAt(0, { renewSource, onFatal });
    refuse(hls, true);
    await flush();
    refuse(FakeHls.instances.at(-1) as FakeHls, true);
    await flush();
    refuse(FakeHls.instances.at(-1) as FakeHls, true);
    await flush();
    expect(renewSource).toHaveBeenCalledTimes(2);
    expect(onFatal).toHaveBeenCalledWith('network');
  });
});

describe('the episode the player opens on (a head start)', () => {
  const Fake = FakeHls as unknown as HlsConstructor;
  const engine = () => new PlaybackEngine(video(), {}, async () => Fake);

  it('loads its playlists before its video exists, and the engine takes that load over: one hls.js, one request', async () => {
    startAhead('/media/1/master.m3u8', 12, Fake);
    expect(FakeHls.instances).toHaveLength(1);
    const [ahead] = FakeHls.instances as [FakeHls];
    expect(ahead.calls).toEqual(['loadSource /media/1/master.m3u8']);
    expect(ahead.config).toMatchObject({ ...FAST_START_CONFIG, startPosition: 12 });
    await engine().load('/media/1/master.m3u8', 12);
    expect(FakeHls.instances).toHaveLength(1);
    expect(ahead.calls).toEqual(['loadSource /media/1/master.m3u8', 'attachMedia']);
    expect(headStartPending()).toBeNull();
  });

  it('is not taken for another episode, another start or a pre-buffered next episode', async () => {
    startAhead('/media/1/master.m3u8', 0, Fake);
    await engine().load('/media/2/master.m3u8', 0);
    await engine().load('/media/1/master.m3u8', 30);
    await engine().load('/media/1/master.m3u8', 0, 'standby');
    expect(FakeHls.instances).toHaveLength(4);
    expect((FakeHls.instances[0] as FakeHls).calls).toEqual(['loadSource /media/1/master.m3u8']);
    expect(headStartPending()).toBe('/media/1/master.m3u8');
  });

  it('whose load failed is dropped: the engine loads the episode afresh', async () => {
    startAhead('/media/1/master.m3u8', 0, Fake);
    const ahead = FakeHls.instances[0] as FakeHls;
    ahead.emitError('networkError');
    await engine().load('/media/1/master.m3u8', 0);
    expect(ahead.calls).toContain('destroy');
    expect(FakeHls.instances).toHaveLength(2);
    expect((FakeHls.instances[1] as FakeHls).calls).toEqual(['loadSource /media/1/master.m3u8', 'attachMedia']);
  });

  it('is one at a time, and one nobody takes over is dropped after a while', () => {
    startAhead('/media/1/master.m3u8', 0, Fake);
    startAhead('/media/2/master.m3u8', 0, Fake);
    const [first, second] = FakeHls.instances as [FakeHls, FakeHls];
    expect(first.calls).toContain('destroy');
    expect(headStartPending()).toBe('/media/2/master.m3u8');
    jest.advanceTimersByTime(HEAD_START_TTL_MS);
    expect(second.calls).toContain('destroy');
    expect(headStartPending()).toBeNull();
  });

  it('does not start before hls.js is fetched (the engine then loads as usual)', () => {
    startAhead('/media/1/master.m3u8', 0, null);
    expect(FakeHls.instances).toHaveLength(0);
    expect(headStartPending()).toBeNull();
  });
});

describe('hls.js warmed while the viewer browses', () => {
  const idleScope = (connection?: { saveData?: boolean; effectiveType?: string }) => {
    const idle: Array<() => void> = [];
    return {
      idle,
      scope: {
        requestIdleCallback: (callback: () => void) => idle.push(callback),
        setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
        navigator: { connection },
      },
    };
  };

  it('is fetched the next time the browser idles, not before', () => {
    const warm = jest.fn();
    const { idle, scope } = idleScope({ effectiveType: '4g' });
    warmPlaybackEngineWhenIdle(warm, scope, () => true);
    expect(warm).not.toHaveBeenCalled();
    for (const callback of idle) callback();
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('waits a moment instead where the browser has no idle callback (Safari)', () => {
    const warm = jest.fn();
    warmPlaybackEngineWhenIdle(warm, { setTimeout: (callback, ms) => setTimeout(callback, ms) }, () => true);
    jest.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
    expect(warm).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(warm).toHaveBeenCalledTimes(1);
  });

  it('is not fetched ahead for a viewer saving data or on 2G, nor where hls.js would not play', () => {
    const warm = jest.fn();
    for (const connection of [{ saveData: true }, { effectiveType: '2g' }, { effectiveType: 'slow-2g' }]) {
      const { idle, scope } = idleScope(connection);
      warmPlaybackEngineWhenIdle(warm, scope, () => true);
      expect(idle).toHaveLength(0);
    }
    const { idle, scope } = idleScope();
    warmPlaybackEngineWhenIdle(warm, scope, () => false);
    expect(idle).toHaveLength(0);
    expect(warm).not.toHaveBeenCalled();
  });
});
