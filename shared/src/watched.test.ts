import { creditsStartOf, DEFAULT_CREDITS_SECONDS, isEpisodeWatched, isValidCreditsMark, isWatchedAt } from './watched';

describe('an episode is watched once the viewer reaches its credits', () => {
  // Issue #38: 118 s with credits from 110 s, left at 111 s (94 %).
  const marked = { duration: 118, credits_start: 110 };

  it('counts a viewer inside the marked credits as having watched it, however small the share', () => {
    expect(isEpisodeWatched({ ...marked, progress: 94, position_seconds: 111 })).toBe(true);
    expect(isEpisodeWatched({ ...marked, progress: (110 / 118) * 100 })).toBe(true);
    expect(isWatchedAt(marked, 110)).toBe(true);
  });

  it('does not count a viewer still in the story before the mark', () => {
    expect(isEpisodeWatched({ ...marked, progress: 92, position_seconds: 109 })).toBe(false);
    expect(isWatchedAt(marked, 109.9)).toBe(false);
    expect(isEpisodeWatched({ ...marked, progress: 0 })).toBe(false);
  });

  it('counts an episode marked watched (100 %) whatever position was saved before', () => {
    expect(isEpisodeWatched({ ...marked, progress: 100, position_seconds: 20 })).toBe(true);
  });

  it('takes the last 10 s as credits when staff have not marked them, at most a tenth of a clip under 100 s', () => {
    expect(creditsStartOf({ duration: 118 })).toBe(118 - DEFAULT_CREDITS_SECONDS);
    expect(creditsStartOf({ duration: 118, credits_start: null })).toBe(108);
    expect(creditsStartOf({ duration: 30 })).toBe(27);
    expect(isEpisodeWatched({ duration: 118, progress: 94, position_seconds: 111 })).toBe(true);
    expect(isEpisodeWatched({ duration: 118, progress: 90, position_seconds: 106 })).toBe(false);
  });

  it('ignores a mark outside the episode (a shorter video replaced it) and uses the default', () => {
    expect(creditsStartOf({ duration: 60, credits_start: 110 })).toBe(54);
    expect(creditsStartOf({ duration: 60, credits_start: 0 })).toBe(54);
  });

  it('accepts a mark only after the start and before the end', () => {
    expect(isValidCreditsMark(110, 118)).toBe(true);
    expect(isValidCreditsMark(0, 118)).toBe(false);
    expect(isValidCreditsMark(118, 118)).toBe(false);
    expect(isValidCreditsMark(-1, 118)).toBe(false);
    expect(isValidCreditsMark(5, 0)).toBe(false);
  });

  it('never calls an episode of unknown length watched before it is marked so', () => {
    expect(isEpisodeWatched({ duration: 0, progress: 50, position_seconds: 40 })).toBe(false);
    expect(isEpisodeWatched({ duration: 0, progress: 100 })).toBe(true);
  });
});
