/** Every endpoint the wallet injects into the page's one API (names prefixed `wallet…`). */
import type { BaseApi } from '@cliffhanger/shared';
import { coinsApi } from './coins/coins.api';
import { keepCoinsApi } from './keep-coins/keep-coins.api';
import { paymentMethodsApi } from './payment-methods/payment-methods.api';
import { rewardsApi } from './rewards/rewards.api';
import { subscriptionApi } from './subscription/subscription.api';
import { transactionsApi } from './transactions/transactions.api';
import { unlockSheetApi } from './unlock-sheet/unlock-sheet.api';

export const registerWalletEndpoints = (_api: BaseApi) => [
  coinsApi,
  subscriptionApi,
  rewardsApi,
  paymentMethodsApi,
  transactionsApi,
  unlockSheetApi,
  keepCoinsApi,
];
