import { followCueLayout, layOutCues, liftedLine, liftsCuesItself } from './cue-layout';

/** A WebVTT cue as browsers make it from a file with no cue settings. */
const cue = (
  extra: Partial<{ position: number | 'auto'; size: number; line: number | 'auto'; snapToLines: boolean }> = {},
) => ({
  position: 'auto' as number | 'auto',
  size: 100,
  line: 'auto' as number | 'auto',
  snapToLines: true,
  lineAlign: 'start',
  ...extra,
});
type FakeCue = ReturnType<typeof cue>;

/** A fake text track, with the event target a browser's has. */
function fakeTrack(cues: FakeCue[], mode = 'showing') {
  const listeners = new Set<() => void>();
  return {
    mode,
    cues,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    cueChange: () => {
      for (const listener of listeners) listener();
    },
  };
}

function videoIn(layout: 'mobile' | 'desktop', cues: FakeCue[], mode = 'showing', height = 800) {
  const player = document.createElement('main');
  player.className = `player player--${layout}`;
  const video = document.createElement('video');
  player.append(video);
  const track = fakeTrack(cues, mode);
  const list = Object.assign([track], {
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  Object.defineProperty(video, 'textTracks', { value: list });
  Object.defineProperty(video, 'clientHeight', { value: height, configurable: true });
  return { player, video, track };
}

/** What a phone's cue looks like after layout: clear of the rail, its bottom `line` % down the video. */
const phoneCue = (line: number) => ({
  ...cue({ position: 42, size: 76, line, snapToLines: false }),
  lineAlign: 'end',
});

describe('captions on a phone', () => {
  it('are narrowed to stay clear of the rail on the right', () => {
    const cues = [cue(), cue()];
    layOutCues(videoIn('mobile', cues).video, 0);
    expect(cues).toEqual([cue({ position: 42, size: 76 }), cue({ position: 42, size: 76 })]);
  });
  it('keep a position or size the file gives them', () => {
    const cues = [cue({ position: 10 }), cue({ size: 50 })];
    layOutCues(videoIn('mobile', cues).video, 0);
    expect(cues).toEqual([cue({ position: 10 }), cue({ size: 50 })]);
  });
  it('are left alone on a desktop, and get their width back when the window grows into one', () => {
    const cues = [cue()];
    const { player, video } = videoIn('mobile', cues);
    layOutCues(video, 0);
    player.className = 'player player--desktop';
    layOutCues(video, 0);
    expect(cues).toEqual([cue()]);
    const desktop = [cue()];
    layOutCues(videoIn('desktop', desktop).video, 0);
    expect(desktop).toEqual([cue()]);
  });
  it('of a track not shown are not touched', () => {
    const cues = [cue()];
    layOutCues(videoIn('mobile', cues, 'disabled').video, 150);
    expect(cues).toEqual([cue()]);
  });
});

/** The globals a browser offers: Firefox has VTTCue.lineAlign and no `::-webkit-media-text-track-container`. */
function asBrowser(browser: 'firefox' | 'chromium') {
  const global = globalThis as Record<string, unknown>;
  const saved = { CSS: global.CSS, VTTCue: global.VTTCue };
  class FirefoxCue {
    lineAlign = 'start';
  }
  Object.defineProperty(FirefoxCue.prototype, 'lineAlign', { value: 'start', writable: true });
  global.CSS = { supports: (condition: string) => browser === 'chromium' && condition.includes('-webkit-media') };
  global.VTTCue = browser === 'firefox' ? FirefoxCue : class ChromiumCue {};
  return () => Object.assign(global, saved);
}

describe('who lifts the captions', () => {
  it('is the cues themselves in Firefox, and the stylesheet in Chromium and Safari', () => {
    let restore = asBrowser('firefox');
    expect(liftsCuesItself()).toBe(true);
    restore();
    restore = asBrowser('chromium');
    expect(liftsCuesItself()).toBe(false);
    restore();
  });

  it('leaves the cues where they are where the stylesheet lifts them', () => {
    const restore = asBrowser('chromium');
    try {
      const cues = [cue()];
      const measure = jest
        .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
        .mockReturnValue({ height: 100 } as DOMRect);
      layOutCues(videoIn('desktop', cues, 'showing', 1000).video);
      measure.mockRestore();
      expect(cues).toEqual([cue()]);
    } finally {
      restore();
    }
  });
});

describe('captions above the controls, in every browser', () => {
  it('stand their bottom the lift above the bottom of the video, through the cue line Firefox honours', () => {
    const cues = [cue(), cue()];
    // A phone: 150 px of bottom strip under an 844 px tall video.
    layOutCues(videoIn('mobile', cues, 'showing', 844).video, 150);
    expect(cues).toEqual([phoneCue(82.2), phoneCue(82.2)]);
    const desktop = [cue()];
    layOutCues(videoIn('desktop', desktop, 'showing', 900).video, 84);
    expect(desktop).toEqual([{ ...cue({ line: 90.7, snapToLines: false }), lineAlign: 'end' }]);
  });

  it('follow the video when it changes size, and get their own line back when no lift is needed', () => {
    const cues = [cue()];
    const { video } = videoIn('desktop', cues, 'showing', 900);
    layOutCues(video, 84);
    Object.defineProperty(video, 'clientHeight', { value: 600, configurable: true });
    layOutCues(video, 84);
    expect(cues[0]?.line).toBe(86);
    layOutCues(video, 0);
    expect(cues).toEqual([cue()]);
  });

  it('keep a line the file gives them', () => {
    const cues = [cue({ line: 2 }), cue({ line: 10, snapToLines: false })];
    layOutCues(videoIn('desktop', cues).video, 84);
    expect(cues).toEqual([cue({ line: 2 }), cue({ line: 10, snapToLines: false })]);
  });

  it('are lifted in Firefox as each cue arrives, for the track shown', () => {
    const restore = asBrowser('firefox');
    const cues: FakeCue[] = [];
    const { video, track } = videoIn('desktop', cues, 'showing', 1000);
    // jsdom lays nothing out: the lift the stylesheet would give is what the probe measures.
    const measure = jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ height: 100 } as DOMRect);
    const stop = followCueLayout(video);
    cues.push(cue());
    track.cueChange();
    expect(cues[0]).toEqual({ ...cue({ line: 90, snapToLines: false }), lineAlign: 'end' });
    stop();
    measure.mockRestore();
    restore();
    // The probe it measured with is gone again.
    expect(video.parentElement?.children).toHaveLength(1);
  });

  it('never stand outside the video', () => {
    expect(liftedLine(2000, 800)).toBe(0);
    expect(liftedLine(0, 800)).toBeNull();
    expect(liftedLine(100, 0)).toBeNull();
  });
});
