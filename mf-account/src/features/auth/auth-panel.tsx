import { ANALYTICS_EVENTS, track, useAppDispatch } from '@cliffhanger/shared';
import { useEffect, useState } from 'react';
import { type AccountKey, useAccountT } from '../../messages';
import { MagicLinkForm, RecoverForm, RegisterForm, ResetRequestForm, SignInForm } from './auth-forms';

export type AuthMode = 'link' | 'password' | 'register' | 'reset' | 'recover';

const MODES: Array<[AuthMode, AccountKey]> = [
  ['link', 'auth.mode.link'],
  ['password', 'auth.mode.password'],
  ['register', 'auth.mode.register'],
  ['reset', 'auth.mode.reset'],
];

/** Every way to sign in, one at a time: the e-mail link first, as the product prefers it (product.md#overview). */
export function AuthPanel({ initialMode = 'link', next }: { initialMode?: AuthMode; next?: string }) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const dispatch = useAppDispatch();
  const { t } = useAccountT();
  useEffect(() => {
    dispatch(track(ANALYTICS_EVENTS.signInViewed));
  }, [dispatch]);
  return (
    <div className="auth-panel">
      <fieldset className="auth-modes">
        <legend className="ch-visually-hidden">{t('auth.modes')}</legend>
        {MODES.map(([key, label]) => (
          <button
            key={key}
            type="button"
            className={`auth-mode${mode === key ? ' auth-mode--active' : ''}`}
            aria-pressed={mode === key}
            onClick={() => setMode(key)}
          >
            {t(label)}
          </button>
        ))}
      </fieldset>
      {mode === 'link' && <MagicLinkForm next={next} />}
      {mode === 'password' && <SignInForm />}
      {mode === 'register' && <RegisterForm />}
      {mode === 'reset' && <ResetRequestForm />}
      {mode === 'recover' ? (
        <RecoverForm />
      ) : (
        <p className="auth-recover">
          <button type="button" className="auth-recover-button" onClick={() => setMode('recover')}>
            {t('auth.recoverLink')}
          </button>
        </p>
      )}
    </div>
  );
}
