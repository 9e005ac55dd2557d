import { FAST_START_CONFIG, STANDBY_BUFFER_SECONDS } from '@cliffhanger/shared/hls';
import { act, fireEvent, screen } from '@testing-library/react';
import { episodeAdvanced, playbackPaused, playbackStarted } from '../lib/playback.slice';
import type { PlayerEpisode } from '../lib/player.api';
import { episode } from '../test/fixtures';
import { countMediaCalls, FakeHls, flush, media, onScreen, renderPlayerView } from '../test/player-view-harness';

jest.mock('hls.js', () => jest.requireActual('../test/fake-hls'));

countMediaCalls();

const hlsFor = (id: number) => FakeHls.instances.filter((h) => h.src === `/media/${id}/master.m3u8`);

// Episodes 1 and 2 free, 3 locked.
const episodes: PlayerEpisode[] = [
  episode(1, 3, 1),
  episode(2, 3, 2, { is_free: true, coin_cost: 0 }),
  episode(3, 3, 3),
];

const renderPlayer = (current: PlayerEpisode) => renderPlayerView(episodes, current);

describe('the next episode in the player', () => {
  it('is pre-buffered in a hidden, muted second video once the current one can play, never before', async () => {
    const { container } = renderPlayer(episodes[0] as PlayerEpisode);
    await flush();
    expect(FakeHls.instances.map((h) => h.src)).toEqual(['/media/1/master.m3u8']);
    expect(hlsFor(1)[0]?.config).toMatchObject({ maxBufferLength: FAST_START_CONFIG.maxBufferLength });

    fireEvent.canPlay(onScreen(container) as HTMLVideoElement);
    await flush();
    const [standby] = hlsFor(2);
    expect(standby?.config).toMatchObject({ maxBufferLength: STANDBY_BUFFER_SECONDS });
    const hidden = container.querySelector<HTMLVideoElement>('video.player-standby');
    expect(hidden).toHaveAttribute('data-episode-id', '2');
    expect(hidden).toHaveAttribute('aria-hidden', 'true');
    expect(hidden?.muted).toBe(true);
    expect(standby?.media).toBe(hidden);
    expect(media.played).not.toContain(hidden);
  });

  it('swaps the pre-buffered video in on "next" instead of loading the episode again, with the sound on', async () => {
    const { container, show } = renderPlayer(episodes[0] as PlayerEpisode);
    await flush();
    const first = onScreen(container) as HTMLVideoElement;
    fireEvent.canPlay(first);
    await flush();
    const hidden = container.querySelector<HTMLVideoElement>('video.player-standby') as HTMLVideoElement;
    fireEvent.canPlay(hidden);

    show(episodes[1] as PlayerEpisode);
    await flush();
    expect(hlsFor(2)).toHaveLength(1); // promoted, not loaded again
    expect(hlsFor(2)[0]?.config).toMatchObject({ maxBufferLength: FAST_START_CONFIG.maxBufferLength });
    expect(onScreen(container)).toBe(hidden);
    expect(hidden).toHaveAttribute('data-episode-id', '2');
    expect(hidden.muted).toBe(false);
    expect(media.played.at(-1)).toBe(hidden);
    // Episode 3 is locked: nothing is pre-buffered, and the episode left behind is torn down.
    expect(hlsFor(1)[0]?.destroyed).toBe(true);
    expect(container.querySelectorAll('video')).toHaveLength(2);
  });

  it('starts the pre-buffered episode in the tap on "next", before the re-render; the one left behind is advanced, not paused', async () => {
    const { container, show, actions } = renderPlayer(episodes[0] as PlayerEpisode);
    await flush();
    const first = onScreen(container) as HTMLVideoElement;
    fireEvent.play(first);
    fireEvent.canPlay(first);
    await flush();
    const hidden = container.querySelector<HTMLVideoElement>('video.player-standby') as HTMLVideoElement;
    Object.defineProperty(hidden, 'duration', { value: 60, configurable: true });
    fireEvent.canPlay(hidden);
    await flush();

    fireEvent.click(screen.getByRole('button', { name: 'Next episode' }));
    expect(media.played.at(-1)).toBe(hidden); // in the tap itself
    expect(first.paused).toBe(true);
    // On screen in the tap too: its decoded first frame shows in the next paint, not after the re-render.
    expect(onScreen(container)).toBe(hidden);
    expect(hidden).not.toHaveAttribute('aria-hidden');
    expect(first).toHaveClass('player-standby');
    expect(first).toHaveAttribute('aria-hidden', 'true');
    fireEvent.pause(first); // the paused episode's event, before the screen re-renders
    show(episodes[1] as PlayerEpisode);
    await flush();

    expect(onScreen(container)).toBe(hidden);
    expect(hlsFor(2)).toHaveLength(1);
    expect(actions.filter(playbackPaused.match)).toHaveLength(0);
    expect(actions.filter(playbackStarted.match).map((a) => a.payload.episodeId)).toEqual([1, 2]);
    expect(actions.some(episodeAdvanced.match)).toBe(true);
  });

  it('loads the next episode afresh, with the sound on, when its pre-buffered video failed (the failure was never shown)', async () => {
    const { container, show } = renderPlayer(episodes[0] as PlayerEpisode);
    await flush();
    fireEvent.canPlay(onScreen(container) as HTMLVideoElement);
    await flush();
    const hidden = container.querySelector<HTMLVideoElement>('video.player-standby') as HTMLVideoElement;
    act(() => hlsFor(2)[0]?.fail());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    show(episodes[1] as PlayerEpisode);
    await flush();
    expect(onScreen(container)).toBe(hidden);
    expect(hlsFor(2)).toHaveLength(2);
    expect(hlsFor(2)[1]?.config).toMatchObject({ maxBufferLength: FAST_START_CONFIG.maxBufferLength });
    expect(hlsFor(2)[1]?.media).toBe(hidden);
    expect(hidden.muted).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads an episode that was not pre-buffered in the video on screen, and tears every video down on leave', async () => {
    const { container, show, unmount } = renderPlayer(episodes[1] as PlayerEpisode);
    await flush();
    const video = onScreen(container);
    show(episodes[0] as PlayerEpisode);
    await flush();
    expect(onScreen(container)).toBe(video);
    expect(hlsFor(1)).toHaveLength(1);
    expect(hlsFor(2)[0]?.destroyed).toBe(true);
    fireEvent.canPlay(video as HTMLVideoElement);
    await flush();
    expect(hlsFor(2)).toHaveLength(2); // episode 2 again, now as the standby
    unmount();
    expect(FakeHls.instances.every((h) => h.destroyed)).toBe(true);
  });

  it('shows the paywall with no video playing for a locked episode', async () => {
    const { container } = renderPlayer(episodes[2] as PlayerEpisode);
    await flush();
    expect(onScreen(container)).toBeNull();
    expect(FakeHls.instances).toHaveLength(0);
  });
});
