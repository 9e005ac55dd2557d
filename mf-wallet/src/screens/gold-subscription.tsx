import { ANALYTICS_EVENTS, Page, selectIsGold, track, useAppDispatch, useSharedSelector } from '@cliffhanger/shared';
import { useEffect } from 'react';
import { CheckoutOutcome } from '../components/checkout-outcome';
import { GoldBenefits, GoldPlans } from '../components/gold-plans';
import SubscriptionPanel from '../components/subscription-panel';
import { useWalletT } from '../messages';

/** /gold-subscription: what Gold gives, its plans, and the viewer's current status. */
export default function GoldSubscriptionScreen() {
  const dispatch = useAppDispatch();
  const isGold = useSharedSelector(selectIsGold);
  const { t } = useWalletT();
  useEffect(() => {
    dispatch(track(ANALYTICS_EVENTS.goldViewed));
  }, [dispatch]);
  return (
    <Page title={t('gold.title')}>
      <div className="wallet-stack">
        <CheckoutOutcome kind="gold" />
        <section className="ch-card gold-hero" aria-labelledby="gold-benefits-title">
          <h2 id="gold-benefits-title" className="wallet-panel-title">
            {t('gold.benefitsTitle')}
          </h2>
          <GoldBenefits />
        </section>
        <SubscriptionPanel />
        {!isGold && (
          <section aria-labelledby="gold-plans-title">
            <h2 id="gold-plans-title">{t('gold.chooseTitle')}</h2>
            <p className="ch-muted">{t('gold.cancelNote')}</p>
            <GoldPlans />
          </section>
        )}
      </div>
    </Page>
  );
}
