import { Page } from '@cliffhanger/shared';
import { Link } from 'react-router-dom';
import BalancePanel from '../components/balance-panel';
import { GoldBenefits } from '../components/gold-plans';
import SubscriptionPanel from '../components/subscription-panel';
import { useWalletT } from '../messages';

/** /subscription: the viewer's plan at a glance, inside the main layout. */
export default function SubscriptionScreen() {
  const { t } = useWalletT();
  return (
    <Page title={t('subscription.title')}>
      <div className="wallet-stack">
        <SubscriptionPanel />
        <section className="ch-card" aria-labelledby="subscription-gold-title">
          <h2 id="subscription-gold-title" className="wallet-panel-title">
            {t('subscription.withGold')}
          </h2>
          <GoldBenefits />
          <Link to="/gold-subscription">{t('subscription.plansLink')}</Link>
        </section>
        <BalancePanel />
        <p>
          <Link to="/account-dashboard/payments">{t('subscription.paymentsLink')}</Link> ·{' '}
          <Link to="/account-dashboard/balance">{t('subscription.transactionsLink')}</Link>
        </p>
      </div>
    </Page>
  );
}
