import { episodeWatched, progressSaved, trackEvent } from '@cliffhanger/shared';
import { episodeAdvanced, playbackPaused, playbackStarted, playbackTicked } from '../../lib/playback.slice';
import { clampProgress, progressOf, resumePosition } from '../../lib/progress-rules';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { playerStore } from '../../test/store';

describe('progress rules', () => {
  it('clamps progress between 0 and 100', () => {
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(progressOf(30, 60)).toBe(50);
    expect(progressOf(75, 60)).toBe(100);
  });

  it('resumes a short clip at its saved position', () => {
    expect(resumePosition({ duration: 6, progress: 50, position_seconds: 3 })).toBe(3);
  });

  it('never resumes inside the credits: an episode left there starts again from the beginning', () => {
    const marked = { duration: 118, credits_start: 110 };
    expect(resumePosition({ ...marked, progress: 94, position_seconds: 111 })).toBe(0);
    expect(resumePosition({ ...marked, progress: 92, position_seconds: 109 })).toBe(109);
  });

  it('resumes at the saved position, from the start once finished, or at an explicit time', () => {
    expect(resumePosition({ duration: 120, progress: 25, position_seconds: 30 })).toBe(30);
    expect(resumePosition({ duration: 120, progress: 25 })).toBe(30);
    expect(resumePosition({ duration: 120, progress: 100, position_seconds: 119 })).toBe(0);
    expect(resumePosition({ duration: 120, progress: 25, position_seconds: 30 }, 12)).toBe(12);
  });
});

describe('the progress saga', () => {
  let http: HttpMock;
  let now = 1_000_000;
  beforeEach(() => {
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    http = mockHttp((config) => ({ status: 200, data: { episode_id: Number(config.url?.split('/')[2]) } }));
  });
  afterEach(() => {
    http.restore();
    jest.restoreAllMocks();
  });
  const ref = { episodeId: 7, seriesId: 2 };
  const saves = () => http.calls.filter((c) => c.url === '/episodes/7/watch-progress/');
  const flush = () => new Promise((r) => setTimeout(r, 0));

  it('saves at most every 10 s while playing, at once on pause, clamped to 0–100', async () => {
    const seen: string[] = [];
    const store = playerStore({ record: seen });
    store.dispatch(playbackStarted({ ...ref, episodeNumber: 1 }));
    now += 4_000;
    store.dispatch(playbackTicked({ ...ref, position: 4, duration: 120 }));
    await flush();
    expect(saves()).toHaveLength(0);
    now += 6_000;
    store.dispatch(playbackTicked({ ...ref, position: 10, duration: 120 }));
    await flush();
    expect(saves()).toHaveLength(1);
    expect(JSON.parse(saves()[0]?.data as string)).toEqual({ progress: (10 / 120) * 100, position_seconds: 10 });
    now += 2_000;
    store.dispatch(playbackPaused({ ...ref, position: 12, duration: 120 }));
    await flush();
    expect(saves()).toHaveLength(2);
    expect(seen).toContain(progressSaved.type);
    expect(seen).toContain(trackEvent.type); // 3.2 Episode Started
  });

  it('marks the episode watched once when playback reaches its credits mark, and announces it', async () => {
    const seen: string[] = [];
    const store = playerStore({ record: seen });
    const marked = { ...ref, duration: 118, creditsStart: 110 };
    store.dispatch(playbackStarted({ ...ref, episodeNumber: 1 }));
    store.dispatch(playbackTicked({ ...marked, position: 109 }));
    await flush();
    expect(http.calls.filter((c) => c.url === '/episodes/7/mark-watched/')).toHaveLength(0);
    store.dispatch(playbackTicked({ ...marked, position: 110.2 }));
    await flush();
    store.dispatch(playbackTicked({ ...marked, position: 111 }));
    await flush();
    expect(http.calls.filter((c) => c.url === '/episodes/7/mark-watched/')).toHaveLength(1);
    expect(seen.filter((t) => t === episodeWatched.type)).toHaveLength(1);
  });

  it('marks an unmarked episode watched in its last 10 s', async () => {
    const store = playerStore();
    store.dispatch(playbackStarted({ ...ref, episodeNumber: 1 }));
    store.dispatch(playbackTicked({ ...ref, position: 107, duration: 118 }));
    await flush();
    expect(http.calls.filter((c) => c.url === '/episodes/7/mark-watched/')).toHaveLength(0);
    store.dispatch(playbackTicked({ ...ref, position: 108, duration: 118 }));
    await flush();
    expect(http.calls.filter((c) => c.url === '/episodes/7/mark-watched/')).toHaveLength(1);
  });

  it('counts an episode as watched when the viewer moves on to the next', async () => {
    const store = playerStore();
    store.dispatch(playbackStarted({ ...ref, episodeNumber: 1 }));
    store.dispatch(episodeAdvanced({ ...ref, position: 20, duration: 90 }));
    await flush();
    expect(http.calls.map((c) => c.url)).toContain('/episodes/7/mark-watched/');
    expect(JSON.parse(saves()[0]?.data as string).progress).toBe(100);
  });
});
