import { InlineSpinner } from '@cliffhanger/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAccountT } from '../../messages';
import { useAccountVerifyEmailMutation } from '../auth/auth.api';
import { failure } from '../auth/auth-forms';

export const VERIFY_EMAIL_PARAM = 'verify-email';
export const RESET_PASSWORD_PARAM = 'reset-password';

/** The mailed `?verify-email=<token>` link: confirmed once, then the token leaves the address bar. */
export function EmailVerification() {
  const [params, setParams] = useSearchParams();
  const token = params.get(VERIFY_EMAIL_PARAM);
  const [verify, { isUninitialized, isLoading, isSuccess, error }] = useAccountVerifyEmailMutation();
  const sent = useRef(false);
  const { t } = useAccountT();
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    verify({ token });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(VERIFY_EMAIL_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [token, verify, setParams]);
  if (isUninitialized) return null;
  return (
    <section className="ch-card" aria-live="polite" aria-label={t('verify.region')}>
      {isLoading && <InlineSpinner label={t('verify.confirming')} />}
      {isSuccess && <p className="account-success">{t('verify.done')}</p>}
      {error && <p className="ch-error-text">{failure(t('verify.failed'), error)}</p>}
    </section>
  );
}
