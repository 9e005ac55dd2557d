import { Button, InlineSpinner, useAppDispatch } from '@cliffhanger/shared';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  type CheckoutKind,
  checkoutReturned,
  outcomeDismissed,
  selectCheckoutOutcome,
} from '../features/checkout/checkout.slice';
import { coinsLabel, formatDate } from '../features/format';
import { useWalletSelector } from '../features/hooks';
import { useWalletT } from '../messages';
import { KeepCoinsPrompt } from './keep-coins-prompt';

/** Only same-site paths are followed back (a `returnTo` from the player, e.g. the locked episode). */
export function safeReturnPath(value: string | null): string | null {
  return value?.startsWith('/') && !value.startsWith('//') ? value : null;
}

/**
 * Back from the payment page: reads `?checkout=success|cancelled&session_id=…` once, hands it to the
 * wallet's saga and takes the parameters out of the address, so a reload does not confirm twice.
 */
export function useCheckoutReturn(kind: CheckoutKind) {
  const [params, setParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const handled = useRef(false);
  const checkout = params.get('checkout');
  const sessionId = params.get('session_id');
  useEffect(() => {
    if (handled.current || (checkout !== 'success' && checkout !== 'cancelled')) return;
    handled.current = true;
    dispatch(checkoutReturned({ kind, outcome: checkout, sessionId }));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('checkout');
        next.delete('session_id');
        return next;
      },
      { replace: true },
    );
  }, [checkout, sessionId, kind, dispatch, setParams]);
}

/** The outcome of a checkout the viewer has just come back from, said politely and announced. */
export function CheckoutOutcome({ kind }: { kind: CheckoutKind }) {
  useCheckoutReturn(kind);
  const outcome = useWalletSelector(selectCheckoutOutcome);
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get('returnTo'));
  const { t } = useWalletT();
  // The keep-coins prompt outlives a dismissed outcome: it has its own "Not now".
  if (outcome.kind !== kind || outcome.status === 'idle') return <KeepCoinsPrompt />;
  let body: ReactNode;
  switch (outcome.status) {
    case 'confirming':
      body = <InlineSpinner label={kind === 'coins' ? t('checkout.confirmingCoins') : t('checkout.confirmingGold')} />;
      break;
    case 'confirmed':
      body = (
        <p className="wallet-outcome-text">
          {kind === 'coins'
            ? t('checkout.coinsDone', { coins: coinsLabel(outcome.balance ?? 0) })
            : t('checkout.goldDone', { date: formatDate(outcome.periodEnd) })}
        </p>
      );
      break;
    case 'delayed':
      body = (
        <p className="wallet-outcome-text">
          {kind === 'coins' ? t('checkout.coinsDelayed') : t('checkout.goldDelayed')}
        </p>
      );
      break;
    case 'cancelled':
      body = <p className="wallet-outcome-text">{t('checkout.cancelled')}</p>;
      break;
  }
  return (
    <>
      <section
        className={`ch-card wallet-outcome wallet-outcome--${outcome.status}`}
        aria-live="polite"
        aria-label={t('checkout.region')}
        data-testid="checkout-outcome"
      >
        {body}
        {outcome.status !== 'confirming' && (
          <div className="wallet-actions">
            {returnTo && outcome.status === 'confirmed' && (
              <Link className="ch-button" to={returnTo}>
                {t('checkout.back')}
              </Link>
            )}
            <Button variant="ghost" onClick={() => dispatch(outcomeDismissed())}>
              {t('checkout.dismiss')}
            </Button>
          </div>
        )}
      </section>
      <KeepCoinsPrompt />
    </>
  );
}
