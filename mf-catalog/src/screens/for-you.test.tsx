import {
  ANALYTICS_EVENTS,
  FEED_CLIP_SHOWN_AFTER_MS,
  type ForYouClip,
  i18n,
  setLanguage,
  trackEvent,
} from '@cliffhanger/shared';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { catalogStore } from '../test/store';
import ForYouScreen, { clipTitles } from './for-you';

function clip(position: number, seriesId: number, overrides: Partial<ForYouClip> = {}): ForYouClip {
  const episodeId = 100 + position;
  return {
    position,
    episode_id: episodeId,
    series_id: seriesId,
    series_title: `Series ${seriesId}`,
    series_title_en: `Series ${seriesId}`,
    series_translations: {},
    season_number: 1,
    episode_number: 1,
    title: `Clip ${position}`,
    translations: {},
    thumbnail: null,
    poster: null,
    duration: 60,
    hls_url: null,
    video_url: `https://site.example/media/play/${episodeId}/video.mp4?t=0.1.x`,
    expires_at: '2030-01-01T00:00:00.000Z',
    access: 'free',
    is_trailer: true,
    lead: { kind: 'start', episode_id: episodeId, episode_number: 1, position_seconds: 0 },
    ...overrides,
  };
}

const CLIPS = [
  clip(0, 1),
  clip(1, 2, {
    is_trailer: false,
    episode_number: 3,
    lead: { kind: 'continue', episode_id: 55, episode_number: 3, position_seconds: 45.6 },
  }),
  clip(2, 3),
];

let http: HttpMock;
beforeAll(() => {
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });
  Object.defineProperty(HTMLMediaElement.prototype, 'load', { configurable: true, value: () => undefined });
});
afterEach(() => {
  http.restore();
  jest.useRealTimers();
});

function renderFeed(clips = CLIPS) {
  http = mockHttp((config) => {
    if (config.url === '/feed/for-you/') return { status: 200, data: { clips, personalised: true } };
  });
  const store = catalogStore();
  const dispatched: Array<{ event: string; properties?: Record<string, unknown> }> = [];
  const dispatch = store.dispatch;
  jest.spyOn(store, 'dispatch').mockImplementation(((action: { type: string; payload: never }) => {
    if (action.type === trackEvent.type) dispatched.push(action.payload);
    return dispatch(action as never);
  }) as never);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/foryou']}>
        <ForYouScreen />
      </MemoryRouter>
    </Provider>,
  );
  const events = (name: string) => dispatched.filter((entry) => entry.event === name).map((entry) => entry.properties);
  return { events, http };
}

/** Moves the (fake) clock on. */
const wait = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

describe('for-you feed', () => {
  it('asks the server for the viewer’s feed and leads each clip into its series', async () => {
    const { http } = renderFeed();
    expect(await screen.findByRole('link', { name: /Watch from episode 1/ })).toHaveAttribute(
      'href',
      '/player/1/episode/100',
    );
    expect(http.calls.map((call) => call.url)).toContain('/feed/for-you/');
    expect(screen.getByText(/Trailer · Episode 1 · Clip 0/)).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    expect(await screen.findByRole('link', { name: /Continue episode 3/ })).toHaveAttribute(
      'href',
      '/player/2/episode/55?t=45',
    );
  });

  it('reports a clip as shown once it has been on screen for a second, once per visit', async () => {
    jest.useFakeTimers();
    const { events } = renderFeed();
    await screen.findByRole('link', { name: /Watch from episode 1/ });
    await wait(FEED_CLIP_SHOWN_AFTER_MS - 300);
    expect(events(ANALYTICS_EVENTS.feedClipShown)).toEqual([]);
    // The second clip is passed through in under a second: it was not seen.
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    await wait(200);
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    await wait(FEED_CLIP_SHOWN_AFTER_MS + 200);
    expect(events(ANALYTICS_EVENTS.feedClipShown)).toEqual([{ episode_id: 100, series_id: 1, position: 0 }]);
    // Back to a clip already counted, and on to the next one for a full second.
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    await wait(FEED_CLIP_SHOWN_AFTER_MS + 200);
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    await wait(FEED_CLIP_SHOWN_AFTER_MS + 200);
    expect(events(ANALYTICS_EVENTS.feedClipShown)).toEqual([
      { episode_id: 100, series_id: 1, position: 0 },
      { episode_id: 101, series_id: 2, position: 1 },
    ]);
    jest.useRealTimers();
  });

  it('reports the first play of a clip and the opening of its series, with its place in the feed', async () => {
    const { events } = renderFeed();
    const lead = await screen.findByRole('link', { name: /Watch from episode 1/ });
    const video = screen.getByLabelText('Series 1, episode 1: Clip 0');
    fireEvent.playing(video);
    fireEvent.pause(video);
    fireEvent.playing(video);
    expect(events(ANALYTICS_EVENTS.feedClipPlayed)).toEqual([{ episode_id: 100, series_id: 1, position: 0 }]);
    // A neighbour buffering off screen is not a play.
    fireEvent.playing(screen.getByLabelText('Series 2, episode 3: Clip 1'));
    expect(events(ANALYTICS_EVENTS.feedClipPlayed)).toHaveLength(1);
    fireEvent.click(lead);
    expect(events(ANALYTICS_EVENTS.feedSeriesOpened)).toEqual([{ episode_id: 100, series_id: 1, position: 0 }]);
  });
});

describe('for-you feed in the viewer language', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  const korean = clip(0, 7, {
    series_title: '한밤의 서약',
    series_title_en: 'Midnight Vows',
    series_translations: { ru: { title: 'Полночные клятвы' } },
    title: '시작',
    translations: { ru: { title: 'Начало' } },
  });

  it('names the series and the episode in Russian for a Russian viewer', async () => {
    await setLanguage('ru');
    renderFeed([korean]);
    expect(await screen.findByText('Полночные клятвы')).toBeInTheDocument();
    expect(screen.getByText(/Начало/)).toBeInTheDocument();
    expect(screen.queryByText('한밤의 서약')).not.toBeInTheDocument();
  });

  it('names the series by its English title for an English viewer, and by the original where nothing is written', () => {
    expect(clipTitles(korean, 'en')).toEqual({ series: 'Midnight Vows', title: '시작' });
    expect(clipTitles({ ...korean, series_translations: {}, translations: {} }, 'ru')).toEqual({
      series: '한밤의 서약',
      title: '시작',
    });
  });
});
