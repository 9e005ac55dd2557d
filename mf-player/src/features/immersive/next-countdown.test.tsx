import { act, render, screen } from '@testing-library/react';
import { NextCountdown } from './next-countdown';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function renderCountdown() {
  const onPlayNow = jest.fn();
  const onCancel = jest.fn();
  const view = render(<NextCountdown nextNumber={4} seconds={5} onPlayNow={onPlayNow} onCancel={onCancel} />);
  return { onPlayNow, onCancel, ...view };
}

describe('the autoplay-next countdown', () => {
  it('counts down where the viewer sees it and starts the next episode at zero', () => {
    const { onPlayNow } = renderCountdown();
    expect(screen.getByRole('status')).toHaveTextContent('Episode 4 starts in 5 seconds');
    act(() => jest.advanceTimersByTime(2_000));
    expect(screen.getByRole('status')).toHaveTextContent('Episode 4 starts in 3 seconds');
    expect(onPlayNow).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(3_000));
    expect(onPlayNow).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(5_000));
    expect(onPlayNow).toHaveBeenCalledTimes(1);
  });

  it('is cancelled by the viewer: Cancel asks to stay, and once it is gone nothing starts', () => {
    const { onPlayNow, onCancel, unmount } = renderCountdown();
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    expect(onCancel).toHaveBeenCalledTimes(1);
    unmount(); // the player removes it on cancel
    act(() => jest.advanceTimersByTime(10_000));
    expect(onPlayNow).not.toHaveBeenCalled();
  });

  it('starts the next episode at once on Play now', () => {
    const { onPlayNow } = renderCountdown();
    act(() => screen.getByRole('button', { name: 'Play now' }).click());
    expect(onPlayNow).toHaveBeenCalledTimes(1);
  });
});
