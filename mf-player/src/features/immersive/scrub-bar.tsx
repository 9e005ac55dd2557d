/**
 * The phone player's progress bar: a thin line along the bottom that a finger (or a mouse) drags to a
 * new position — the time under the finger shows while dragging and the video jumps there on release.
 * It is a slider for screen readers and keyboards: arrows step by 5 s, Home and End go to either end.
 */
import { useRef, useState } from 'react';
import { formatTime, SEEK_STEP_SECONDS } from '../../lib/format';
import { usePlayerT } from '../../messages';

export function ScrubBar({
  currentTime,
  duration,
  onSeek,
}: {
  currentTime: number;
  duration: number;
  onSeek: (seconds: number) => void;
}) {
  const { t } = usePlayerT();
  const track = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const length = duration > 0 ? duration : 0;
  const shown = dragging ?? Math.min(currentTime, length);
  const fraction = length > 0 ? shown / length : 0;

  const at = (clientX: number) => {
    const box = track.current?.getBoundingClientRect();
    if (!box || box.width <= 0) return 0;
    return Math.min(1, Math.max(0, (clientX - box.left) / box.width)) * length;
  };
  const finish = (seconds: number | null) => {
    setDragging(null);
    if (seconds !== null) onSeek(seconds);
  };

  const onMouseDown = (event: React.MouseEvent) => {
    if (event.button !== 0) return;
    event.preventDefault();
    let last = at(event.clientX);
    setDragging(last);
    const move = (e: MouseEvent) => {
      last = at(e.clientX);
      setDragging(last);
    };
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      finish(last);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  return (
    <div className="player-scrub" data-no-swipe="" data-dragging={dragging !== null ? '' : undefined}>
      {dragging !== null && (
        <span className="player-scrub-time" aria-hidden="true">
          {formatTime(dragging)} / {formatTime(length)}
        </span>
      )}
      <div
        ref={track}
        className="player-scrub-track"
        role="slider"
        tabIndex={0}
        aria-label={t('controls.seek')}
        aria-valuemin={0}
        aria-valuemax={Math.round(length)}
        aria-valuenow={Math.round(shown)}
        aria-valuetext={t('controls.position', { current: formatTime(shown), total: formatTime(length) })}
        onTouchStart={(event) => {
          const touch = event.touches[0];
          if (touch) setDragging(at(touch.clientX));
        }}
        onTouchMove={(event) => {
          const touch = event.touches[0];
          if (touch) setDragging(at(touch.clientX));
        }}
        onTouchEnd={(event) => {
          const touch = event.changedTouches[0];
          finish(touch ? at(touch.clientX) : dragging);
        }}
        onTouchCancel={() => setDragging(null)}
        onMouseDown={onMouseDown}
        onKeyDown={(event) => {
          const keys: Record<string, number> = {
            ArrowLeft: shown - SEEK_STEP_SECONDS,
            ArrowDown: shown - SEEK_STEP_SECONDS,
            ArrowRight: shown + SEEK_STEP_SECONDS,
            ArrowUp: shown + SEEK_STEP_SECONDS,
            Home: 0,
            End: length,
          };
          const target = keys[event.key];
          if (target === undefined) return;
          event.preventDefault();
          event.nativeEvent.stopPropagation(); // the player's own arrow shortcuts must not act twice
          onSeek(Math.min(length, Math.max(0, target)));
        }}
      >
        <span className="player-scrub-fill" style={{ width: `${fraction * 100}%` }} />
        <span className="player-scrub-thumb" style={{ left: `${fraction * 100}%` }} />
      </div>
    </div>
  );
}
