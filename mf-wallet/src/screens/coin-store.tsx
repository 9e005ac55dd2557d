import { ANALYTICS_EVENTS, Page, selectIsGold, track, useAppDispatch, useSharedSelector } from '@cliffhanger/shared';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import BalancePanel from '../components/balance-panel';
import { CheckoutOutcome } from '../components/checkout-outcome';
import { CoinPackages } from '../components/coin-packages';

/** /coins: the coin packages, the balance, and the outcome of a purchase the viewer returns from. */
export default function CoinStoreScreen() {
  const dispatch = useAppDispatch();
  const isGold = useSharedSelector(selectIsGold);
  useEffect(() => {
    dispatch(track(ANALYTICS_EVENTS.coinStoreViewed));
  }, [dispatch]);
  return (
    <Page title="Coin store">
      <div className="wallet-stack">
        <CheckoutOutcome kind="coins" />
        <BalancePanel />
        {isGold && (
          <p className="ch-muted">As a Gold member every episode is already open to you; coins are optional.</p>
        )}
        <h2>Coin packages</h2>
        <p className="ch-muted">Prices include tax. You pay on a secure payment page and come straight back.</p>
        <CoinPackages />
        <p>
          <Link to="/gold-subscription">Watch everything without coins with Gold</Link>
        </p>
      </div>
    </Page>
  );
}
