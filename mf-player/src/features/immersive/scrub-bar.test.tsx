import { fireEvent, render, screen } from '@testing-library/react';
import { ScrubBar } from './scrub-bar';

function renderBar(currentTime = 10) {
  const onSeek = jest.fn();
  render(<ScrubBar currentTime={currentTime} duration={100} onSeek={onSeek} />);
  const slider = screen.getByRole('slider', { name: 'Seek' });
  // The track spans x = 20 … 220 on screen.
  slider.getBoundingClientRect = () =>
    ({ left: 20, width: 200, top: 0, height: 28, right: 220, bottom: 28 }) as DOMRect;
  return { onSeek, slider };
}

describe('the phone player’s progress bar', () => {
  it('follows a finger dragged along it, showing the time, and seeks where the finger lifts', () => {
    const { onSeek, slider } = renderBar();
    expect(slider).toHaveAttribute('aria-valuetext', '0:10 of 1:40');
    fireEvent.touchStart(slider, { touches: [{ clientX: 70 }] });
    expect(slider).toHaveAttribute('aria-valuenow', '25');
    fireEvent.touchMove(slider, { touches: [{ clientX: 170 }] });
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    expect(screen.getByText('1:15 / 1:40')).toBeInTheDocument();
    expect(onSeek).not.toHaveBeenCalled(); // no seek storm while dragging
    fireEvent.touchEnd(slider, { changedTouches: [{ clientX: 180 }] });
    expect(onSeek).toHaveBeenCalledTimes(1);
    expect(onSeek).toHaveBeenCalledWith(80);
  });

  it('keeps a drag past either end inside the episode', () => {
    const { onSeek, slider } = renderBar();
    fireEvent.touchStart(slider, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(slider, { changedTouches: [{ clientX: 400 }] });
    fireEvent.touchStart(slider, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(slider, { changedTouches: [{ clientX: -50 }] });
    expect(onSeek.mock.calls).toEqual([[100], [0]]);
  });

  it('seeks with a mouse drag too', () => {
    const { onSeek, slider } = renderBar();
    fireEvent.mouseDown(slider, { clientX: 120, button: 0 });
    fireEvent.mouseMove(window, { clientX: 140 });
    fireEvent.mouseUp(window, { clientX: 140 });
    expect(onSeek).toHaveBeenCalledWith(60);
  });

  it('steps 5 s with the arrow keys and jumps to either end with Home and End', () => {
    const { onSeek, slider } = renderBar(10);
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    fireEvent.keyDown(slider, { key: 'End' });
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(onSeek.mock.calls).toEqual([[15], [5], [100], [0]]);
  });
});
