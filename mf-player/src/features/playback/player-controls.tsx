/** The player's controls, every one labelled for screen readers and reachable by keyboard. */
import { Icon } from '@cliffhanger/shared';
import { formatTime, PLAYBACK_RATES } from '../../lib/format';
import { usePlayerT } from '../../messages';

export interface ControlsState {
  playing: boolean;
  muted: boolean;
  currentTime: number;
  duration: number;
  rate: number;
  autoplayNext: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  /** Picture in picture: null where the browser offers none (the button is then absent), else whether it is on. */
  pictureInPicture: boolean | null;
}

export interface ControlsActions {
  togglePlay(): void;
  seek(seconds: number): void;
  toggleMute(): void;
  setRate(rate: number): void;
  toggleFullscreen(): void;
  togglePictureInPicture(): void;
  previous(): void;
  next(): void;
  toggleAutoplayNext(): void;
}

export function PlayerControls({ state, actions }: { state: ControlsState; actions: ControlsActions }) {
  const { playing, muted, currentTime, duration, rate, autoplayNext, hasPrevious, hasNext, pictureInPicture } = state;
  const { t } = usePlayerT();
  return (
    <fieldset className="player-controls">
      <legend className="ch-visually-hidden">{t('controls.legend')}</legend>
      <input
        type="range"
        className="player-seek"
        min={0}
        max={Math.max(duration, 0)}
        step={0.1}
        value={Math.min(currentTime, duration || 0)}
        aria-label={t('controls.seek')}
        aria-valuetext={t('controls.position', { current: formatTime(currentTime), total: formatTime(duration) })}
        onChange={(event) => actions.seek(Number(event.target.value))}
      />
      <div className="player-buttons">
        <button
          type="button"
          className="player-btn"
          aria-label={t('controls.previous')}
          disabled={!hasPrevious}
          onClick={actions.previous}
        >
          <Icon name="previous" />
        </button>
        <button
          type="button"
          className="player-btn player-btn--main"
          aria-label={playing ? t('controls.pause') : t('controls.play')}
          onClick={actions.togglePlay}
        >
          <Icon name={playing ? 'pause' : 'play'} size={24} />
        </button>
        <button
          type="button"
          className="player-btn"
          aria-label={t('controls.next')}
          disabled={!hasNext}
          onClick={actions.next}
        >
          <Icon name="next" />
        </button>
        <span className="player-time" aria-hidden="true">
          {formatTime(currentTime)} / {formatTime(duration)}
        </span>
        <span className="player-spacer" />
        <button
          type="button"
          className="player-btn"
          aria-label={muted ? t('view.unmute') : t('view.mute')}
          aria-pressed={muted}
          onClick={actions.toggleMute}
        >
          <Icon name={muted ? 'soundOff' : 'soundOn'} />
        </button>
        <label className="player-rate">
          <span className="ch-visually-hidden">{t('controls.speed')}</span>
          <select value={rate} onChange={(event) => actions.setRate(Number(event.target.value))}>
            {PLAYBACK_RATES.map((r) => (
              <option key={r} value={r}>
                {r}×
              </option>
            ))}
          </select>
        </label>
        <label className="player-autoplay">
          <input
            type="checkbox"
            role="switch"
            checked={autoplayNext}
            aria-checked={autoplayNext}
            onChange={actions.toggleAutoplayNext}
          />
          <span>{t('controls.autoplayNext')}</span>
        </label>
        {pictureInPicture !== null && (
          <button
            type="button"
            className="player-btn"
            aria-label={pictureInPicture ? t('controls.exitPictureInPicture') : t('controls.pictureInPicture')}
            aria-pressed={pictureInPicture}
            title={pictureInPicture ? t('controls.exitPictureInPicture') : t('controls.pictureInPicture')}
            onClick={actions.togglePictureInPicture}
          >
            <Icon name="pictureInPicture" />
          </button>
        )}
        <button
          type="button"
          className="player-btn"
          aria-label={t('controls.fullScreen')}
          onClick={actions.toggleFullscreen}
        >
          <Icon name="fullscreen" />
        </button>
      </div>
    </fieldset>
  );
}
