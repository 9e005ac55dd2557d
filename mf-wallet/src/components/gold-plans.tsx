import { Button, ErrorNotice, InlineSpinner, useAppDispatch } from '@cliffhanger/shared';
import { checkoutRequested, selectCheckoutBusy, selectCheckoutStart } from '../features/checkout/checkout.slice';
import { formatPrice } from '../features/format';
import { useWalletSelector } from '../features/hooks';
import {
  type GoldOffer,
  type GoldPlan,
  useWalletGoldOfferQuery,
  useWalletGoldPlansQuery,
} from '../features/subscription/subscription.api';

const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** What Gold opens, in sentences built from the catalogue's real counts. */
export function goldBenefits(offer: GoldOffer | undefined): string[] {
  if (!offer) return ['Every episode of every series, with no coins needed', 'Nothing to top up, nothing to unlock'];
  const lines = [
    offer.coin_episodes === 1
      ? 'The 1 episode that costs coins, with no coins needed'
      : `All ${count(offer.coin_episodes, 'episode', 'episodes')} that cost coins, with no coins needed`,
  ];
  if (offer.gold_exclusive_series > 0) {
    const free =
      offer.gold_exclusive_free_episodes > 0
        ? ` (their other ${count(offer.gold_exclusive_free_episodes, 'episode is', 'episodes are')} free for everyone)`
        : '';
    lines.push(
      `${count(offer.gold_only_episodes, 'episode', 'episodes')} only members can watch, in ${count(offer.gold_exclusive_series, 'Gold exclusive series', 'Gold exclusive series')}${free}`,
    );
  }
  lines.push('Nothing to top up, nothing to unlock');
  return lines;
}

export function GoldBenefits() {
  const { data } = useWalletGoldOfferQuery();
  return (
    <ul className="gold-benefits" aria-label="What Gold gives you">
      {goldBenefits(data).map((benefit) => (
        <li key={benefit}>{benefit}</li>
      ))}
    </ul>
  );
}

/** A plan's price per month, and what a yearly plan saves against twelve months of the monthly one. */
export function planFacts(plan: GoldPlan, plans: GoldPlan[]): { perMonth: number; saving: number | null } {
  const perMonth = plan.interval === 'year' ? Math.round((plan.price / 12) * 100) / 100 : plan.price;
  const monthly = plans.find((candidate) => candidate.interval === 'month' && candidate.currency === plan.currency);
  if (plan.interval !== 'year' || !monthly) return { perMonth, saving: null };
  const saving = Math.round((monthly.price * 12 - plan.price) * 100) / 100;
  return { perMonth, saving: saving > 0 ? saving : null };
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
          const facts = planFacts(plan, data);
          return (
            <li key={plan.id} className="ch-card gold-plan">
              <h3 className="coin-package-title">{plan.title || `${plan.name} ${per(plan)}ly`}</h3>
              <p className="coin-package-price">
                {price} <span className="ch-muted">per {per(plan)}</span>
              </p>
              <p className="gold-plan-month" data-testid="gold-plan-per-month">
                {formatPrice(facts.perMonth, plan.currency)} a month
                {facts.saving !== null && (
                  <span className="wallet-badge gold-plan-saving">
                    {' '}
                    Save {formatPrice(facts.saving, plan.currency)} a year
                  </span>
                )}
              </p>
              <Button
                variant="gold"
                disabled={busy}
                aria-busy={startingPlan === plan.id}
                aria-label={`Subscribe to Gold for ${price} per ${per(plan)}`}
                onClick={() => dispatch(checkoutRequested({ kind: 'gold', plan: plan.id }))}
              >
                {startingPlan === plan.id ? 'Opening payment…' : 'Subscribe'}
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
