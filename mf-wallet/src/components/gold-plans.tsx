import {
  Button,
  ErrorNotice,
  formatPricePerPeriod,
  InlineSpinner,
  localizedTitle,
  useAppDispatch,
} from '@cliffhanger/shared';
import { checkoutRequested, selectCheckoutBusy, selectCheckoutStart } from '../features/checkout/checkout.slice';
import { useWalletSelector } from '../features/hooks';
import {
  type GoldOffer,
  type GoldPlan,
  useWalletGoldOfferQuery,
  useWalletGoldPlansQuery,
} from '../features/subscription/subscription.api';
import { useWalletT, walletT } from '../messages';

/** What Gold opens, in sentences built from the catalogue's real counts, in the page's language. */
export function goldBenefits(offer: GoldOffer | undefined): string[] {
  if (!offer) return [walletT('gold.benefitEvery'), walletT('gold.benefitNothing')];
  const lines = [walletT('gold.benefitCoinEpisodes', { count: offer.coin_episodes })];
  if (offer.gold_exclusive_series > 0) {
    const free =
      offer.gold_exclusive_free_episodes > 0
        ? walletT('gold.exclusiveFree', { count: offer.gold_exclusive_free_episodes })
        : '';
    lines.push(
      walletT('gold.benefitExclusive', {
        episodes: walletT('gold.episodes', { count: offer.gold_only_episodes }),
        series: walletT('gold.inExclusiveSeries', { count: offer.gold_exclusive_series }),
        free,
      }),
    );
  }
  lines.push(walletT('gold.benefitNothing'));
  return lines;
}

export function GoldBenefits() {
  const { data } = useWalletGoldOfferQuery();
  // Read through the hook so the list follows a language switch.
  const { t } = useWalletT();
  return (
    <ul className="gold-benefits" aria-label={t('gold.benefitsTitle')}>
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
  const { t, language } = useWalletT();
  if (isLoading) return <InlineSpinner label={t('gold.loading')} />;
  if (isError) return <ErrorNotice message={t('gold.error')} onRetry={refetch} />;
  if (!data || data.length === 0) return <p className="ch-muted">{t('gold.none')}</p>;
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
          const price = formatPricePerPeriod(plan.price, plan.currency, per(plan), language);
          const facts = planFacts(plan, data);
          return (
            <li key={plan.id} className="ch-card gold-plan">
              <h3 className="coin-package-title">
                {localizedTitle({ ...plan, title: plan.title ?? '' }, language) ||
                  t(`gold.planTitle.${per(plan)}`, { name: plan.name })}
              </h3>
              <p className="coin-package-price">{price}</p>
              {per(plan) === 'year' && (
                <p className="gold-plan-month">
                  {t('gold.yearPerMonth', {
                    price: formatPricePerPeriod(facts.perMonth, plan.currency, 'month', language),
                  })}
                  {facts.saving !== null && (
                    <span className="wallet-badge gold-plan-saving">
                      {' '}
                      {t('gold.saving', { price: formatPricePerPeriod(facts.saving, plan.currency, 'year', language) })}
                    </span>
                  )}
                </p>
              )}
              <Button
                variant="gold"
                disabled={busy}
                aria-busy={startingPlan === plan.id}
                aria-label={t('gold.subscribeAria', { price })}
                onClick={() => dispatch(checkoutRequested({ kind: 'gold', plan: plan.id }))}
              >
                {startingPlan === plan.id ? t('common.openingPayment') : t('gold.subscribe')}
              </Button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
