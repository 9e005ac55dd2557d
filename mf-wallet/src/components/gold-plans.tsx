import { Button, ErrorNotice, InlineSpinner, useAppDispatch } from '@cliffhanger/shared';
import { checkoutRequested, selectCheckoutBusy, selectCheckoutStart } from '../features/checkout/checkout.slice';
import { formatPrice } from '../features/format';
import { useWalletSelector } from '../features/hooks';
import { type GoldPlan, useWalletGoldPlansQuery } from '../features/subscription/subscription.api';

export const GOLD_BENEFITS = [
  'Every episode of every series, with no coins needed',
  'Gold exclusives, the series only members can watch',
  'No more Buy Coins: nothing to top up, nothing to unlock',
] as const;

export function GoldBenefits() {
  return (
    <ul className="gold-benefits" aria-label="What Gold gives you">
      {GOLD_BENEFITS.map((benefit) => (
        <li key={benefit}>{benefit}</li>
      ))}
    </ul>
  );
}

const per = (plan: GoldPlan) => (plan.interval === 'year' ? 'year' : 'month');

/** The Gold plans with their prices; subscribing goes through the payment page. */
export function GoldPlans() {
  const { data, isLoading, isError, refetch } = useWalletGoldPlansQuery();
  const busy = useWalletSelector(selectCheckoutBusy);
  const start = useWalletSelector(selectCheckoutStart);
  const dispatch = useAppDispatch();
  if (isLoading) return <InlineSpinner label="Loading Gold plans…" />;
  if (isError) return <ErrorNotice message="Gold plans could not be loaded." onRetry={refetch} />;
  if (!data || data.length === 0) return <p className="ch-muted">Gold is not on sale right now.</p>;
  const startingPlan = start.request?.kind === 'gold' && busy ? start.request.plan : null;
  return (
    <>
      {start.status === 'failed' && start.request?.kind === 'gold' && (
        <p className="ch-error-text" role="alert">
          {start.error}
        </p>
      )}
      <ul className="package-list gold-plan-list">
        {data.map((plan) => {
          const price = formatPrice(plan.price, plan.currency);
          return (
            <li key={plan.id} className="ch-card gold-plan">
              <h3 className="coin-package-title">{plan.title || `${plan.name} ${per(plan)}ly`}</h3>
              <p className="coin-package-price">
                {price} <span className="ch-muted">per {per(plan)}</span>
              </p>
              <Button
                variant="gold"
                disabled={busy}
                aria-busy={startingPlan === plan.id}
                aria-label={`Subscribe to Gold for ${price} per ${per(plan)}`}
                onClick={() => dispatch(checkoutRequested({ kind: 'gold', plan: plan.id }))}
              >
                {startingPlan === plan.id ? 'Opening payment…' : `Subscribe for ${price}`}
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
