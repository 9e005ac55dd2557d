import { Page, selectIsGold, useSharedSelector } from '@cliffhanger/shared';
import BalancePanel from '../components/balance-panel';
import { CoinPackages } from '../components/coin-packages';
import { GoldBenefits, GoldPlans } from '../components/gold-plans';
import { useWalletT } from '../messages';

/** /store: coins and Gold side by side. */
export default function StoreScreen() {
  const isGold = useSharedSelector(selectIsGold);
  const { t } = useWalletT();
  return (
    <Page title={t('store.title')}>
      <div className="store-columns">
        <section className="wallet-stack" aria-labelledby="store-coins-title">
          <h2 id="store-coins-title">{t('store.coins')}</h2>
          <BalancePanel />
          <CoinPackages />
        </section>
        <section className="wallet-stack" aria-labelledby="store-gold-title">
          <h2 id="store-gold-title">Gold</h2>
          <div className="ch-card">
            <GoldBenefits />
          </div>
          {isGold ? <p>{t('store.goldMember')}</p> : <GoldPlans />}
        </section>
      </div>
    </Page>
  );
}
