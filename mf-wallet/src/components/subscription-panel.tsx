import { Button, ErrorNotice, InlineSpinner, selectIsGold, useAppDispatch } from '@cliffhanger/shared';
import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { formatDate } from '../features/format';
import { useWalletSelector } from '../features/hooks';
import { isGoldSubscription, selectMayHaveSubscription } from '../features/subscription/gold-status';
import { useWalletActiveSubscriptionQuery } from '../features/subscription/subscription.api';
import { selectSubscriptionChange, subscriptionChangeRequested } from '../features/subscription/subscription.slice';
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

  if (isLoading) return <InlineSpinner label="Loading your subscription…" />;
  if (isError) return <ErrorNotice message="Your subscription could not be loaded." onRetry={refetch} />;

  const gold = isGoldSubscription(subscription);
  if (!subscription || !gold) {
    return (
      <>
        <p className="subscription-state">
          {isGoldInSession ? (
            <strong>You are a Gold member.</strong>
          ) : (
            <>
              You are on the <strong>free plan</strong>.
            </>
          )}
        </p>
        {!isGoldInSession && !onPlans && (
          <Link className="ch-button ch-button--gold" to="/gold-subscription">
            See Gold plans
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
        {cancelled ? (
          <>
            Cancelled — you keep Gold until <strong>{until}</strong>.
          </>
        ) : (
          <>
            Active — renews on <strong>{until}</strong>.
          </>
        )}
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
            {change.pending === 'reactivate' ? 'Reactivating…' : 'Reactivate Gold'}
          </Button>
        ) : confirming ? (
          <>
            <p className="ch-muted" id="cancel-gold-hint">
              You keep Gold until {until} and will not be charged again.
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
              Yes, cancel
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Keep Gold
            </Button>
          </>
        ) : (
          <Button variant="secondary" disabled={!!change.pending} onClick={() => setConfirming(true)}>
            {change.pending === 'cancel' ? 'Cancelling…' : 'Cancel subscription'}
          </Button>
        )}
      </div>
    </>
  );
}

/** The viewer's Gold status with its end date, and cancel / reactivate. Exposed as `./SubscriptionPanel`. */
export default function SubscriptionPanel() {
  return (
    <section className="ch-card subscription-panel" aria-label="Your subscription">
      <h2 className="wallet-panel-title">Your subscription</h2>
      <WalletBoundary>
        <SubscriptionStatus />
      </WalletBoundary>
    </section>
  );
}
