/**
 * The player view under test, shared by its suites: hls.js replaced by `FakeHls` (see fake-hls.ts),
 * the <video> elements' play/pause counted instead of run, and a render whose store records every
 * action the view dispatches.
 */
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import type { PlayerLayout } from '../features/playback/use-layout';
import type { PlayerEpisode } from '../lib/player.api';
import { PlayerView } from '../screens/player-view';
import FakeHls from './fake-hls';
import { recordingPlayerStore } from './store';

export { default as FakeHls } from './fake-hls';

/** What the view asked of its <video> elements in the current test. */
export const media = { played: [] as HTMLMediaElement[], pauses: 0 };

/** Counts play/pause instead of running them (jsdom has no media), fresh for every test. */
export function countMediaCalls() {
  beforeAll(() => {
    jest.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      media.played.push(this);
      Object.defineProperty(this, 'paused', { value: false, configurable: true });
      return Promise.resolve();
    });
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      media.pauses += 1;
      Object.defineProperty(this, 'paused', { value: true, configurable: true });
    });
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
  });
  beforeEach(() => {
    FakeHls.instances = [];
    media.played.length = 0;
    media.pauses = 0;
  });
  afterAll(() => jest.restoreAllMocks());
}

/** Lets pending promises and timers of zero settle inside React's act. */
export const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** The <video> on screen (not the hidden one pre-buffering the next episode). */
export const onScreen = (container: HTMLElement) => container.querySelector<HTMLVideoElement>('video.player-video');

/**
 * Renders the view on `current` of `episodes`; `show` moves it to another episode or layout as the
 * screen around it would, `actions` lists what it dispatched, `onSelect` what it asked to open.
 */
export function renderPlayerView(
  episodes: PlayerEpisode[],
  current: PlayerEpisode,
  { layout = 'desktop', preloadNext }: { layout?: PlayerLayout; preloadNext?: boolean } = {},
) {
  const { store, actions } = recordingPlayerStore();
  const onSelect = jest.fn();
  const view = (e: PlayerEpisode, l: PlayerLayout) => (
    <Provider store={store}>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <PlayerView episodes={episodes} episode={e} layout={l} onSelect={onSelect} preloadNext={preloadNext} />
      </MemoryRouter>
    </Provider>
  );
  const result = render(view(current, layout));
  return {
    ...result,
    actions,
    onSelect,
    show: (e: PlayerEpisode, l: PlayerLayout = layout) => result.rerender(view(e, l)),
  };
}
