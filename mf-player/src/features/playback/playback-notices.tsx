/**
 * What the stage says over a playing episode: a playback error with Retry, "reconnecting" while the
 * engine recovers, a tap (or click) for sound after a muted start, and on a phone the paused sign.
 */
import { ANALYTICS_EVENTS, Button, Icon, track, useAppDispatch } from '@cliffhanger/shared';
import { usePlayerT } from '../../messages';
import { touchScreen } from './start-playback';
import type { PlayerLayout } from './use-layout';
import type { EngineStatus } from './use-playback-engine';

export function PlaybackNotices({
  episodeId,
  layout,
  status: { error, recovering, retry },
  needsSound,
  onSound,
  showPaused,
}: {
  episodeId: number;
  layout: PlayerLayout;
  status: EngineStatus;
  needsSound: boolean;
  onSound: () => void;
  /** Paused after the first frame with nothing else over the video. */
  showPaused: boolean;
}) {
  const dispatch = useAppDispatch();
  const { t } = usePlayerT();
  return (
    <>
      {error && (
        <div className="player-error" role="alert">
          <p>{t(`error.${error.kind}`)}</p>
          <Button
            onClick={() => {
              dispatch(track(ANALYTICS_EVENTS.playbackFailed, { episode_id: episodeId, kind: error.kind }));
              retry();
            }}
          >
            {t('view.retry')}
          </Button>
        </div>
      )}
      {recovering && !error && (
        <p className="player-status" role="status">
          {t('view.reconnecting')}
        </p>
      )}
      {needsSound && !error && (
        <Button variant="secondary" className="player-sound" onClick={onSound}>
          <Icon name="soundOff" /> {t(touchScreen(layout) ? 'view.tapForSound' : 'view.clickForSound')}
        </Button>
      )}
      {layout === 'mobile' && showPaused && !error && (
        <span className="player-paused" aria-hidden="true">
          <Icon name="play" size={64} />
        </span>
      )}
    </>
  );
}
