import { startPlayback } from './start-playback';

function fakeVideo(failures: Array<{ name: string; message: string } | null>, readyState = 4) {
  const video = document.createElement('video');
  Object.defineProperty(video, 'readyState', { value: readyState });
  Object.defineProperty(video, 'paused', { get: () => failures.length > 0 || video.dataset.played !== '1' });
  const play = jest.fn(() => {
    const failure = failures.shift();
    if (failure) return Promise.reject(Object.assign(new Error(failure.message), { name: failure.name }));
    video.dataset.played = '1';
    return Promise.resolve();
  });
  video.play = play;
  return { video, play };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('starting a newly attached episode', () => {
  it('tries again when the start was interrupted by the source loading, keeping the sound', async () => {
    const { video, play } = fakeVideo([{ name: 'AbortError', message: 'interrupted by a new load request' }]);
    const muted = jest.fn();
    startPlayback(video, muted);
    await settle();
    expect(play).toHaveBeenCalledTimes(2);
    expect(video.muted).toBe(false);
    expect(muted).not.toHaveBeenCalled();
  });

  it('waits until the video can play before trying again', async () => {
    const { video, play } = fakeVideo([{ name: 'AbortError', message: 'interrupted by a new load request' }], 1);
    startPlayback(video, jest.fn());
    await settle();
    expect(play).toHaveBeenCalledTimes(1);
    video.dispatchEvent(new Event('canplay'));
    await settle();
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('stays paused when the viewer paused before it started', async () => {
    const { video, play } = fakeVideo([{ name: 'AbortError', message: 'interrupted by a call to pause()' }]);
    startPlayback(video, jest.fn());
    await settle();
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('plays muted and says so when the browser refuses sound without a tap', async () => {
    const { video, play } = fakeVideo([{ name: 'NotAllowedError', message: 'user did not interact' }]);
    const muted = jest.fn();
    startPlayback(video, muted);
    await settle();
    expect(play).toHaveBeenCalledTimes(2);
    expect(video.muted).toBe(true);
    expect(muted).toHaveBeenCalled();
  });
});
