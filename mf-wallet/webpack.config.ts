import { createFrontendConfig } from '../scripts/webpack/frontend-config';

export default (mode: 'production' | 'development' = 'production') =>
  createFrontendConfig({
    app: 'mf-wallet',
    name: 'mf_wallet',
    mode,
    title: 'Cliffhanger wallet (standalone)',
    devPort: 4103,
    exposes: {
      './module': './src/module.ts',
      './BalancePanel': './src/components/balance-panel.tsx',
      './SubscriptionPanel': './src/components/subscription-panel.tsx',
      './PaymentsPanel': './src/components/payments-panel.tsx',
      './TransactionsList': './src/components/transactions-list.tsx',
      './UnlockSheet': './src/components/unlock-sheet.tsx',
    },
  });
