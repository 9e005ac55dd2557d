import { ANALYTICS_EVENTS, Page, selectIsGold, track, useAppDispatch, useSharedSelector } from '@cliffhanger/shared';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import BalancePanel from '../components/balance-panel';
import { CheckoutOutcome } from '../components/checkout-outcome';
import { CoinPackages } from '../components/coin-packages';
import { useWalletT } from '../messages';

/** /coins: the coin packages, the balance, and the outcome of a purchase the viewer returns from. */
export default function CoinStoreScreen() {
  const dispatch = useAppDispatch();
  const isGold = useSharedSelector(selectIsGold);
  const { t } = useWalletT();
  useEffect(() => {
    dispatch(track(ANALYTICS_EVENTS.coinStoreViewed));
  }, [dispatch]);
  return (
    <Page title={t('store.coinTitle')}>
      <div className="wallet-stack">
        <CheckoutOutcome kind="coins" />
        <BalancePanel />
        {isGold && <p className="ch-muted">{t('store.goldNote')}</p>}
        <h2>{t('store.packagesTitle')}</h2>
        <CoinPackages />
        <p>
          <Link to="/gold-subscription">{t('store.goldLink')}</Link>
        </p>
      </div>
    </Page>
  );
}
