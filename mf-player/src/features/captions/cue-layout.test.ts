import { layOutCues } from './cue-layout';

const cue = (extra: Partial<{ position: number | 'auto'; size: number }> = {}) => ({
  position: 'auto' as number | 'auto',
  size: 100,
  ...extra,
});

function videoIn(layout: 'mobile' | 'desktop', cues: ReturnType<typeof cue>[], mode = 'showing') {
  const player = document.createElement('main');
  player.className = `player player--${layout}`;
  const video = document.createElement('video');
  player.append(video);
  Object.defineProperty(video, 'textTracks', { value: [{ mode, cues }] });
  return { player, video };
}

describe('captions on a phone', () => {
  it('are narrowed to stay clear of the rail on the right', () => {
    const cues = [cue(), cue()];
    layOutCues(videoIn('mobile', cues).video);
    expect(cues).toEqual([cue({ position: 42, size: 76 }), cue({ position: 42, size: 76 })]);
  });
  it('keep a position or size the file gives them', () => {
    const cues = [cue({ position: 10 }), cue({ size: 50 })];
    layOutCues(videoIn('mobile', cues).video);
    expect(cues).toEqual([cue({ position: 10 }), cue({ size: 50 })]);
  });
  it('are left alone on a desktop, and get their width back when the window grows into one', () => {
    const cues = [cue()];
    const { player, video } = videoIn('mobile', cues);
    layOutCues(video);
    player.className = 'player player--desktop';
    layOutCues(video);
    expect(cues).toEqual([cue()]);
    const desktop = [cue()];
    layOutCues(videoIn('desktop', desktop).video);
    expect(desktop).toEqual([cue()]);
  });
  it('of a track not shown are not touched', () => {
    const cues = [cue()];
    layOutCues(videoIn('mobile', cues, 'disabled').video);
    expect(cues).toEqual([cue()]);
  });
});
