/**
 * "Keep your coins on any device" (issue #35): shown once right after a guest's purchase, one field and
 * one button, and "Not now". The server mails a link to the address; opening it keeps the guest's
 * coins, unlocked episodes, Gold and saved cards with that address, so a lost session can get them back.
 */
import { Button, errorMessage, FormField, useAppDispatch } from '@cliffhanger/shared';
import { type FormEvent, useId, useState } from 'react';
import { useWalletSelector } from '../features/hooks';
import { useWalletKeepCoinsMutation } from '../features/keep-coins/keep-coins.api';
import { keepCoinsClosed, selectKeepCoinsOffered } from '../features/keep-coins/keep-coins.slice';
import { useWalletT } from '../messages';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function KeepCoinsPrompt() {
  const offered = useWalletSelector(selectKeepCoinsOffered);
  const dispatch = useAppDispatch();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [keep, { isLoading, isSuccess, error }] = useWalletKeepCoinsMutation();
  const titleId = useId();
  const { t } = useWalletT();
  if (!offered) return null;
  const close = () => dispatch(keepCoinsClosed());

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setProblem(t('keep.emailLike'));
      return;
    }
    keep({ email: address });
  }

  return (
    <section className="ch-card keep-coins" aria-labelledby={titleId} aria-live="polite" data-testid="keep-coins">
      <h2 id={titleId} className="keep-coins-title">
        {isSuccess ? t('keep.sentTitle') : t('keep.title')}
      </h2>
      {isSuccess ? (
        <>
          <p className="keep-coins-text">{t('keep.sent', { email: email.trim() })}</p>
          <Button variant="ghost" onClick={close}>
            {t('keep.done')}
          </Button>
        </>
      ) : (
        <form className="keep-coins-form" onSubmit={submit} noValidate>
          <p className="keep-coins-text ch-muted">{t('keep.why')}</p>
          <FormField
            label={t('keep.email')}
            type="email"
            autoComplete="email"
            value={email}
            error={problem}
            onChange={(event) => {
              setEmail(event.target.value);
              setProblem(undefined);
            }}
          />
          {error ? (
            <p className="ch-field-error" role="alert">
              {errorMessage(error, t('keep.failed'))}
            </p>
          ) : null}
          <div className="wallet-actions">
            <Button type="submit" disabled={isLoading}>
              {isLoading ? t('keep.sending') : t('keep.submit')}
            </Button>
            <Button variant="ghost" onClick={close}>
              {t('keep.notNow')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
