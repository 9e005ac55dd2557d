import { Button, ErrorNotice, InlineSpinner, selectIsGold, useAppDispatch } from '@cliffhanger/shared';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatDate } from '../features/format';
import { useWalletSelector } from '../features/hooks';
import { withStrong } from '../features/rich-text';
import { isGoldSubscription, selectMayHaveSubscription } from '../features/subscription/gold-status';
import { useWalletActiveSubscriptionQuery } from '../features/subscription/subscription.api';
import { selectSubscriptionChange, subscriptionChangeRequested } from '../features/subscription/subscription.slice';
import { useWalletT } from '../messages';
import { WalletBoundary } from './wallet-boundary';

function SubscriptionStatus() {
  const mayHaveSubscription = useWalletSelector(selectMayHaveSubscription);
  const {
    data: subscription,
    isLoading,
    isError,
    refetch,
  } = useWalletActiveSubscriptionQuery(undefined, {
    skip: !mayHaveSubscription,
  });
  const isGoldInSession = useWalletSelector(selectIsGold);
  const change = useWalletSelector(selectSubscriptionChange);
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState(false);
  const onPlans = useLocation().pathname === '/gold-subscription';
  const { t } = useWalletT();

  if (isLoading) return <InlineSpinner label={t('subscription.loading')} />;
  if (isError) return <ErrorNotice message={t('subscription.error')} onRetry={refetch} />;

  const gold = isGoldSubscription(subscription);
  if (!subscription || !gold) {
    return (
      <>
        <p className="subscription-state">
          {isGoldInSession ? <strong>{t('subscription.goldMember')}</strong> : withStrong(t('subscription.free'))}
        </p>
        {!isGoldInSession && !onPlans && (
          <Link className="ch-button ch-button--gold" to="/gold-subscription">
            {t('subscription.seePlans')}
          </Link>
        )}
      </>
    );
  }
  const until = formatDate(subscription.current_period_end);
  const cancelled = subscription.cancel_at_period_end;
  return (
    <>
      <p className="subscription-state">
        <span className="wallet-badge wallet-badge--gold">Gold</span>{' '}
        {withStrong(t(cancelled ? 'subscription.cancelled' : 'subscription.active', { date: until }))}
      </p>
      {change.error && (
        <p className="ch-error-text" role="alert">
          {change.error}
        </p>
      )}
      <div className="wallet-actions">
        {cancelled ? (
          <Button
            variant="gold"
            disabled={!!change.pending}
            onClick={() => dispatch(subscriptionChangeRequested({ change: 'reactivate' }))}
          >
            {change.pending === 'reactivate' ? t('subscription.reactivating') : t('subscription.reactivate')}
          </Button>
        ) : confirming ? (
          <>
            <p className="ch-muted" id="cancel-gold-hint">
              {t('subscription.cancelHint', { date: until })}
            </p>
            <Button
              variant="secondary"
              aria-describedby="cancel-gold-hint"
              disabled={!!change.pending}
              onClick={() => {
                setConfirming(false);
                dispatch(subscriptionChangeRequested({ change: 'cancel' }));
              }}
            >
              {t('subscription.confirmCancel')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('subscription.keep')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" disabled={!!change.pending} onClick={() => setConfirming(true)}>
            {change.pending === 'cancel' ? t('subscription.cancelling') : t('subscription.cancel')}
          </Button>
        )}
      </div>
    </>
  );
}

/** The viewer's Gold status with its end date, and cancel / reactivate. Exposed as `./SubscriptionPanel`. */
export default function SubscriptionPanel() {
  const { t } = useWalletT();
  return (
    <section className="ch-card subscription-panel" aria-label={t('subscription.region')}>
      <h2 className="wallet-panel-title">{t('subscription.region')}</h2>
      <WalletBoundary>
        <SubscriptionStatus />
      </WalletBoundary>
    </section>
  );
}
