import { Page } from '@cliffhanger/shared';
import { Link } from 'react-router-dom';
import BalancePanel from '../components/balance-panel';
import { GoldBenefits } from '../components/gold-plans';
import SubscriptionPanel from '../components/subscription-panel';

/** /subscription: the viewer's plan at a glance, inside the main layout. */
export default function SubscriptionScreen() {
  return (
    <Page title="Subscription">
      <div className="wallet-stack">
        <SubscriptionPanel />
        <section className="ch-card" aria-labelledby="subscription-gold-title">
          <h2 id="subscription-gold-title" className="wallet-panel-title">
            With Gold
          </h2>
          <GoldBenefits />
          <Link to="/gold-subscription">Plans and prices</Link>
        </section>
        <BalancePanel />
        <p>
          <Link to="/account-dashboard/payments">Manage payment methods</Link> ·{' '}
          <Link to="/account-dashboard/balance">See your transactions</Link>
        </p>
      </div>
    </Page>
  );
}
