import { ANALYTICS_EVENTS, trackEvent } from '@cliffhanger/shared';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { PlayerLayout } from '../features/playback/use-layout';
import type { PlayerEpisode } from '../lib/player.api';
import { episode } from '../test/fixtures';
import { type HttpMock, mockHttp } from '../test/http-mock';
import { countMediaCalls, FakeHls, flush, media, onScreen, renderPlayerView } from '../test/player-view-harness';
import { playerStore } from '../test/store';
import { PlayerView } from './player-view';

jest.mock('hls.js', () => jest.requireActual('../test/fake-hls'));

countMediaCalls();
let http: HttpMock;
beforeEach(() => {
  http = mockHttp((config) => (config.url === '/users/my-list/' ? { status: 200, data: [] } : undefined));
});
afterEach(() => {
  http.restore();
  jest.useRealTimers();
});

// Episodes 1–3 free, 4 locked; each 60 s.
const episodes: PlayerEpisode[] = [
  episode(1, 3, 1),
  episode(2, 3, 2, { is_free: true, coin_cost: 0 }),
  episode(3, 3, 3, { is_free: true, coin_cost: 0, description: 'She finds the letter. Nothing is the same again.' }),
  episode(4, 3, 4),
];

const renderPlayer = (current: PlayerEpisode, layout: PlayerLayout = 'mobile') =>
  renderPlayerView(episodes, current, { layout, preloadNext: false });

const at = (video: HTMLVideoElement, seconds: number) => {
  Object.defineProperty(video, 'currentTime', { value: seconds, configurable: true, writable: true });
  fireEvent.timeUpdate(video);
};

describe('the immersive phone player', () => {
  it('pauses and resumes with a tap on the video, showing a play sign while paused', async () => {
    const { container } = renderPlayer(episodes[1] as PlayerEpisode);
    await flush();
    const video = onScreen(container) as HTMLVideoElement;
    fireEvent.play(video);
    fireEvent.loadedData(video);
    fireEvent.click(video);
    expect(video.paused).toBe(true);
    fireEvent.pause(video);
    expect(container.querySelector('.player-paused')).not.toBeNull();
    fireEvent.click(video);
    expect(video.paused).toBe(false);
    fireEvent.play(video);
    expect(container.querySelector('.player-paused')).toBeNull();
  });

  it('moves to the next episode on a swipe up and to the previous one on a swipe down', async () => {
    const { container, onSelect } = renderPlayer(episodes[1] as PlayerEpisode);
    await flush();
    const stage = container.querySelector('.player-stage') as HTMLElement;
    fireEvent.touchStart(stage, { touches: [{ clientY: 600 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientY: 300 }] });
    expect(onSelect).toHaveBeenLastCalledWith(episodes[2]);
    fireEvent.touchStart(stage, { touches: [{ clientY: 300 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientY: 600 }] });
    expect(onSelect).toHaveBeenLastCalledWith(episodes[0]);
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it('ignores short drags and drags that start on the rail or the progress bar', async () => {
    const { container, onSelect } = renderPlayer(episodes[1] as PlayerEpisode);
    await flush();
    const stage = container.querySelector('.player-stage') as HTMLElement;
    fireEvent.touchStart(stage, { touches: [{ clientY: 600 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientY: 580 }] });
    const rail = screen.getByRole('button', { name: 'Share' });
    fireEvent.touchStart(rail, { touches: [{ clientY: 600 }] });
    fireEvent.touchEnd(rail, { changedTouches: [{ clientY: 200 }] });
    const bar = screen.getByRole('slider', { name: 'Seek' });
    fireEvent.touchStart(bar, { touches: [{ clientX: 10, clientY: 600 }] });
    fireEvent.touchEnd(bar, { changedTouches: [{ clientX: 10, clientY: 200 }] });
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('keeps the same video, position and buffer when the window crosses 768 px and back', async () => {
    const { container, show } = renderPlayer(episodes[1] as PlayerEpisode, 'desktop');
    await flush();
    const video = onScreen(container) as HTMLVideoElement;
    fireEvent.play(video);
    at(video, 20.8);
    const engines = FakeHls.instances.length;
    const playsBefore = media.played.length;

    show(episodes[1] as PlayerEpisode, 'mobile');
    await flush();
    expect(container.querySelector('.player--mobile')).not.toBeNull();
    expect(onScreen(container)).toBe(video);
    expect(video.currentTime).toBe(20.8);
    expect(video.paused).toBe(false);

    show(episodes[1] as PlayerEpisode, 'desktop');
    await flush();
    expect(onScreen(container)).toBe(video);
    expect(video.currentTime).toBe(20.8);
    expect(FakeHls.instances).toHaveLength(engines); // nothing reloaded
    expect(FakeHls.instances.some((h) => h.destroyed)).toBe(false);
    expect(media.played.length).toBe(playsBefore);
    expect(media.pauses).toBe(0);
  });

  it('keeps playing under the episode drawer, and jumps to the episode tapped there', async () => {
    const { container, onSelect } = renderPlayer(episodes[1] as PlayerEpisode);
    await flush();
    const video = onScreen(container) as HTMLVideoElement;
    fireEvent.play(video);
    at(video, 12);
    fireEvent.click(screen.getByRole('button', { name: 'Episodes' }));
    const drawer = screen.getByRole('dialog', { name: 'Episodes' });
    expect(onScreen(container)).toBe(video);
    expect(video.paused).toBe(false);
    expect(video.currentTime).toBe(12);
    expect(within(drawer).getByRole('button', { name: /^Episode 4,.*5 coins/ })).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: /^Episode 3,/ }));
    expect(onSelect).toHaveBeenCalledWith(episodes[2]);
    expect(screen.queryByRole('dialog', { name: 'Episodes' })).toBeNull();
  });

  it('shows back, the title, the episode and a description that expands', async () => {
    renderPlayer(episodes[2] as PlayerEpisode);
    await flush();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Series 3 · Episode 3 / 4');
    const more = screen.getByRole('button', { name: 'More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(screen.getByRole('button', { name: 'Less' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('She finds the letter. Nothing is the same again.')).toHaveClass(
      'player-description--open',
    );
  });
});

describe('the immersive phone player as an episode plays, ends and is left', () => {
  it('reports each quartile of a view once, even when the viewer seeks back and forth', async () => {
    const { container, actions } = renderPlayer(episodes[1] as PlayerEpisode);
    await flush();
    const video = onScreen(container) as HTMLVideoElement;
    Object.defineProperty(video, 'duration', { value: 60, configurable: true });
    fireEvent.play(video);
    for (const t of [5, 16, 14, 31, 20, 33, 50, 59]) at(video, t);
    const quartiles = actions
      .filter(trackEvent.match)
      .filter((a) => a.payload.event === ANALYTICS_EVENTS.episodeQuartileReached)
      .map((a) => a.payload.properties);
    expect(quartiles).toEqual([
      { episode_id: 2, series_id: 3, quartile: 25 },
      { episode_id: 2, series_id: 3, quartile: 50 },
      { episode_id: 2, series_id: 3, quartile: 75 },
    ]);
  });

  it('counts down to the next episode when one ends, and the viewer can cancel it', async () => {
    const { container, onSelect } = renderPlayer(episodes[1] as PlayerEpisode);
    await flush();
    jest.useFakeTimers();
    const video = onScreen(container) as HTMLVideoElement;
    fireEvent.play(video);
    fireEvent.ended(video);
    expect(screen.getByRole('status')).toHaveTextContent('Episode 3 starts in 5 seconds');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    act(() => jest.advanceTimersByTime(10_000));
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Up next' })).toBeNull();
  });

  it('starts the next episode when the countdown reaches zero', async () => {
    const { container, onSelect } = renderPlayer(episodes[1] as PlayerEpisode);
    await flush();
    jest.useFakeTimers();
    const video = onScreen(container) as HTMLVideoElement;
    fireEvent.play(video);
    fireEvent.ended(video);
    act(() => jest.advanceTimersByTime(4_000));
    expect(onSelect).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1_500));
    expect(onSelect).toHaveBeenCalledWith(episodes[2]);
  });

  it('goes back to the series page when the player was opened from a shared link', async () => {
    render(
      <Provider store={playerStore()}>
        <MemoryRouter
          initialEntries={['/player/3/episode/2']}
          future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
        >
          <Routes>
            <Route
              path="/player/:seriesId/episode/:episodeId"
              element={
                <PlayerView
                  episodes={episodes}
                  episode={episodes[1] as PlayerEpisode}
                  layout="mobile"
                  onSelect={() => undefined}
                />
              }
            />
            <Route path="/series/:seriesId" element={<p>Series page 3</p>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Series page 3')).toBeInTheDocument();
  });

  it('falls back to muted with "Tap for sound" ("Click for sound" on a desktop) only when the browser refuses sound, not when a start is interrupted', async () => {
    const refuse = (name: string) =>
      jest
        .mocked(HTMLMediaElement.prototype.play)
        .mockImplementationOnce(() => Promise.reject(Object.assign(new Error(name), { name })));
    refuse('AbortError');
    const first = renderPlayer(episodes[1] as PlayerEpisode);
    await flush();
    expect((onScreen(first.container) as HTMLVideoElement).muted).toBe(false);
    expect(screen.queryByRole('button', { name: /Tap for sound/ })).toBeNull();
    first.unmount();

    refuse('NotAllowedError');
    const second = renderPlayer(episodes[1] as PlayerEpisode);
    await flush();
    expect((onScreen(second.container) as HTMLVideoElement).muted).toBe(true);
    expect(screen.getByRole('button', { name: /Tap for sound/ })).toBeInTheDocument();
    second.unmount();

    // A desktop viewer clicks: the same offer says so.
    refuse('NotAllowedError');
    renderPlayer(episodes[1] as PlayerEpisode, 'desktop');
    await flush();
    expect(screen.getByRole('button', { name: 'Click for sound' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tap for sound/ })).toBeNull();
  });
});

describe('picture in picture on the desktop player', () => {
  afterEach(() => {
    delete (document as { pictureInPictureEnabled?: boolean }).pictureInPictureEnabled;
  });

  it('offers a labelled Picture in picture button where the browser has it, and none where it does not', async () => {
    const without = renderPlayer(episodes[1] as PlayerEpisode, 'desktop');
    await flush();
    expect(screen.queryByRole('button', { name: 'Picture in picture' })).toBeNull();
    without.unmount();

    Object.defineProperty(document, 'pictureInPictureEnabled', { value: true, configurable: true });
    const request = jest.fn(() => Promise.resolve({}));
    Object.defineProperty(HTMLVideoElement.prototype, 'requestPictureInPicture', {
      value: request,
      configurable: true,
    });
    const { container } = renderPlayer(episodes[1] as PlayerEpisode, 'desktop');
    await flush();
    const button = screen.getByRole('button', { name: 'Picture in picture' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);
    expect(request.mock.contexts[0]).toBe(onScreen(container));
    act(() => {
      onScreen(container)?.dispatchEvent(new Event('enterpictureinpicture', { bubbles: true }));
    });
    expect(screen.getByRole('button', { name: 'Leave picture in picture' })).toHaveAttribute('aria-pressed', 'true');
  });
});
