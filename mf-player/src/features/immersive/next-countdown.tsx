/**
 * When an episode ends and autoplay-next is on, the next one starts after a visible countdown that the
 * viewer can cancel (they stay on the finished episode) or skip ("Play now").
 */
import { useEffect, useRef, useState } from 'react';
import { AUTOPLAY_COUNTDOWN_SECONDS } from '../../lib/format';
import { usePlayerT } from '../../messages';

export function NextCountdown({
  nextNumber,
  seconds = AUTOPLAY_COUNTDOWN_SECONDS,
  onPlayNow,
  onCancel,
}: {
  nextNumber: number;
  seconds?: number;
  onPlayNow: () => void;
  onCancel: () => void;
}) {
  const { t } = usePlayerT();
  const [left, setLeft] = useState(seconds);
  const done = useRef(onPlayNow);
  done.current = onPlayNow;

  useEffect(() => {
    const started = Date.now();
    const timer = window.setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - started) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        window.clearInterval(timer);
        done.current();
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [seconds]);

  return (
    <section className="player-countdown" aria-label={t('countdown.label')} data-no-swipe="">
      <p className="player-countdown-text" role="status">
        {t('countdown.startsIn', { number: nextNumber })} <strong>{left}</strong>{' '}
        {t('countdown.seconds', { count: left })}
      </p>
      <div className="player-countdown-actions">
        <button type="button" className="ch-button" onClick={onPlayNow}>
          {t('countdown.playNow')}
        </button>
        <button type="button" className="ch-button ch-button--secondary" onClick={onCancel}>
          {t('countdown.cancel')}
        </button>
      </div>
    </section>
  );
}
