/**
 * The auto-unlock control of a series, in the player: "Auto-unlock: on, 24 of 60 coins used" with a
 * one-tap Turn off, or "Auto-unlock: off" with Turn on, which first asks for the limit in plain words
 * (a few episodes' worth at the series' price). Shown on the desktop player page, in the phone
 * player's episode drawer and on the paywall; all read the same cached setting.
 */
import { Button, errorMessage, selectIsGold, useSharedSelector } from '@cliffhanger/shared';
import { useId, useState } from 'react';
import { usePlayerT } from '../../messages';
import {
  usePlayerAutoUnlockOffMutation,
  usePlayerAutoUnlockOnMutation,
  usePlayerAutoUnlockQuery,
} from './auto-unlock.api';
import { capChoices } from './auto-unlock-rules';

export function AutoUnlockControl({
  seriesId,
  price,
  variant = 'panel',
}: {
  seriesId: number;
  /** The price auto-unlock plans with (the next locked episode's); 0 hides the control. */
  price: number;
  /** `panel`: the player page and drawer; `compact`: one line on the paywall. */
  variant?: 'panel' | 'compact';
}) {
  const { t } = usePlayerT();
  const isGold = useSharedSelector(selectIsGold);
  const hidden = isGold || price <= 0;
  const { data: setting } = usePlayerAutoUnlockQuery(seriesId, { skip: hidden });
  const [turnOn, on] = usePlayerAutoUnlockOnMutation();
  const [turnOff, off] = usePlayerAutoUnlockOffMutation();
  const [choosing, setChoosing] = useState(false);
  const choices = capChoices(price);
  const [cap, setCap] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const explainId = useId();
  if (hidden || !setting) return null;

  const busy = on.isLoading || off.isLoading;
  const chosen = cap ?? (setting.enabled ? setting.cap : (choices[0]?.coins ?? price));
  const status = setting.enabled
    ? t('autoUnlock.on', { spent: setting.spent, limit: t('coinsOf', { count: setting.cap }) })
    : t('autoUnlock.off');

  const confirm = async () => {
    setFailure(null);
    const answer = await turnOn({ seriesId, cap: chosen });
    if ('error' in answer) setFailure(errorMessage(answer.error, t('autoUnlock.failed')));
    else setChoosing(false);
  };
  const stop = async () => {
    setFailure(null);
    const answer = await turnOff(seriesId);
    if ('error' in answer) setFailure(errorMessage(answer.error, t('autoUnlock.failed')));
  };

  return (
    <section className={`auto-unlock auto-unlock--${variant}`} aria-labelledby={titleId} data-no-swipe="">
      <div className="auto-unlock-row">
        <p id={titleId} className="auto-unlock-status" aria-live="polite">
          {status}
        </p>
        {setting.enabled && !choosing && (
          <>
            <Button variant="secondary" className="auto-unlock-button" disabled={busy} onClick={stop}>
              {t('autoUnlock.turnOff')}
            </Button>
            {variant === 'panel' && (
              <Button
                variant="secondary"
                className="auto-unlock-button"
                disabled={busy}
                onClick={() => setChoosing(true)}
              >
                {t('autoUnlock.changeLimit')}
              </Button>
            )}
          </>
        )}
        {!setting.enabled && !choosing && (
          <Button variant="secondary" className="auto-unlock-button" onClick={() => setChoosing(true)}>
            {variant === 'compact' ? t('autoUnlock.turnOnCompact') : t('autoUnlock.turnOn')}
          </Button>
        )}
      </div>
      {choosing && (
        <div className="auto-unlock-choose">
          <fieldset className="auto-unlock-choices" aria-describedby={explainId}>
            <legend>{t('autoUnlock.legend')}</legend>
            {choices.map((choice) => (
              <label key={choice.episodes} className="auto-unlock-choice">
                <input
                  type="radio"
                  name={`${titleId}-cap`}
                  value={choice.coins}
                  checked={chosen === choice.coins}
                  onChange={() => setCap(choice.coins)}
                />
                <span>
                  {t('coins', { count: choice.coins })}{' '}
                  <span className="ch-muted">{t('autoUnlock.about', { count: choice.episodes })}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <p id={explainId} className="ch-muted auto-unlock-explain">
            {t('autoUnlock.explain')}
          </p>
          <div className="auto-unlock-row">
            <Button className="auto-unlock-button" disabled={busy} aria-busy={busy} onClick={confirm}>
              {setting.enabled
                ? t('autoUnlock.save')
                : t('autoUnlock.turnOnWith', { coins: t('coinsFor', { count: chosen }) })}
            </Button>
            <Button
              variant="secondary"
              className="auto-unlock-button"
              onClick={() => {
                setChoosing(false);
                setCap(null);
              }}
            >
              {t('autoUnlock.cancel')}
            </Button>
          </div>
        </div>
      )}
      {failure && (
        <p className="ch-error-text" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
