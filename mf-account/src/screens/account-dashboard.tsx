import { Page } from '@cliffhanger/shared';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router-dom';
import { HistoryTab } from '../features/history/history-tab';
import { NotificationsTab } from '../features/notifications/notifications-tab';
import { SecurityTab } from '../features/profile/security-tab';
import { WalletPanel } from '../features/wallet-remote/wallet-panel';
import { useAccountT } from '../messages';

export const ACCOUNT_TABS = [
  ['subscription', 'tab.subscription'],
  ['balance', 'tab.balance'],
  ['notifications', 'tab.notifications'],
  ['security', 'tab.security'],
  ['history', 'tab.history'],
  ['payments', 'tab.payments'],
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number][0];

function TabContent({ tab }: { tab: AccountTab }) {
  const { t } = useAccountT();
  switch (tab) {
    case 'subscription':
      return <WalletPanel name="SubscriptionPanel" what={t('wallet.subscription')} />;
    case 'balance':
      return (
        <div className="account-stack">
          <WalletPanel name="BalancePanel" what={t('wallet.balance')} />
          <WalletPanel name="TransactionsList" what={t('wallet.transactions')} />
        </div>
      );
    case 'payments':
      return <WalletPanel name="PaymentsPanel" what={t('wallet.payments')} />;
    case 'notifications':
      return <NotificationsTab />;
    case 'security':
      return <SecurityTab />;
    case 'history':
      return <HistoryTab />;
  }
}

/** /account-dashboard and /account with their nested tabs, each its own address (product.md#screens). */
export default function AccountDashboardScreen() {
  const { pathname } = useLocation();
  // The same screen answers under both prefixes; links stay under the one in use.
  const base = pathname.startsWith('/account-dashboard') ? '/account-dashboard' : '/account';
  const { t } = useAccountT();
  return (
    <Page title={t('dashboard.title')}>
      <nav aria-label={t('dashboard.sections')} className="account-tabs">
        {ACCOUNT_TABS.map(([path, label]) => (
          <NavLink key={path} to={`${base}/${path}`}>
            {t(label)}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<Navigate to={`${base}/subscription`} replace />} />
        {ACCOUNT_TABS.map(([path]) => (
          <Route key={path} path={path} element={<TabContent tab={path} />} />
        ))}
        <Route path="*" element={<Navigate to={`${base}/subscription`} replace />} />
      </Routes>
    </Page>
  );
}
