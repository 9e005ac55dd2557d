/**
 * The words of the transactions list in the viewer's language (issue #21): each line's description is
 * built per request, so a Russian viewer reads "Куплено 100 монет (платёж отменён)" where an English
 * one reads "Bought 100 coins (cancelled)". English coin-pack descriptions are the ones stored with
 * the payment; other languages say the same from the payment's kind and coins, and name a Gold plan by
 * its title in that language (the plan's `translations`, else the title staff wrote).
 */
import type { Language } from '@cliffhanger/shared/languages';
import { COINS, russianCount, russianForm } from '../../http/messages/russian-plural';

/** What a payment line ends with: why it did not (or no longer does) count as paid. */
export type PaymentOutcome =
  | 'disputed'
  | 'charged_back'
  | 'refunded'
  | 'partly_refunded'
  | 'failed'
  | 'canceled'
  | 'pending';

export interface TransactionWords {
  /** "; N more coins are owed …" after a reversal that left coins owing; '' when none. */
  owing(owed: number): string;
  refunded(owing: string): string;
  disputed(owing: string): string;
  restored: string;
  debtSettled: string;
  /** An unlocked episode, named by its series title (already in this language) and number. */
  episode(seriesTitle: string, number: number): string;
  unknownEpisode(id: number): string;
  unlocked(episode: string): string;
  autoUnlocked(episode: string): string;
  dailyBonus: string;
  shared(channel: string): string;
  channels: Readonly<Record<string, string>>;
  followReward: string;
  welcomeBonus: string;
  staffGrant: string;
  staffCorrection: string;
  refund: string;
  guestMergeIn: string;
  guestMergeOut: string;
  guestMergeForfeit: string;
  coinPurchase: string;
  /** A coin purchase: the stored English description, or the coins it brought. */
  boughtCoins(storedDescription: string, coins: number): string;
  /**
   * A Gold payment (a new subscription or a renewal); `plan` is the plan's title in this language when
   * the plan is still offered.
   */
  gold(storedDescription: string, renewal: boolean, plan: string | null): string;
  /** Any other payment. */
  payment(storedDescription: string): string;
  outcome: Readonly<Record<PaymentOutcome, string>>;
}

const en: TransactionWords = {
  owing: (owed) =>
    owed > 0 ? `; ${owed} more ${owed === 1 ? 'coin is' : 'coins are'} owed and will come from your next coins` : '',
  refunded: (owing) => `Coins taken back: a purchase was refunded${owing}`,
  disputed: (owing) => `Coins held: a payment is disputed with your bank${owing}`,
  restored: 'Coins given back: the payment dispute was resolved',
  debtSettled: 'Owed coins paid off',
  episode: (series, number) => `“${series}”, episode ${number}`,
  unknownEpisode: (id) => `episode #${id}`,
  unlocked: (episode) => `Unlocked ${episode}`,
  autoUnlocked: (episode) => `Auto-unlocked: ${episode}`,
  dailyBonus: 'Daily bonus',
  shared: (channel) => `Reward for sharing via ${channel}`,
  channels: {
    telegram: 'Telegram',
    whatsapp: 'WhatsApp',
    email: 'e-mail',
    sms: 'SMS',
    native: 'your device',
    copy_link: 'a copied link',
  },
  followReward: 'Reward for following Cliffhanger',
  welcomeBonus: 'Welcome bonus',
  staffGrant: 'Coins from Cliffhanger support',
  staffCorrection: 'Correction by Cliffhanger support',
  refund: 'Refund',
  guestMergeIn: 'Coins moved from your guest profile',
  guestMergeOut: 'Coins moved to your account',
  guestMergeForfeit: 'Reward coins not carried over: this account had already claimed the same rewards',
  coinPurchase: 'Coin purchase',
  boughtCoins: (description) => `Bought ${description}`,
  gold: (description) => description,
  payment: (description) => description,
  outcome: {
    disputed: 'disputed',
    charged_back: 'charged back',
    refunded: 'refunded',
    partly_refunded: 'partly refunded',
    failed: 'payment failed',
    canceled: 'cancelled',
    pending: 'awaiting payment',
  },
};

const ru: TransactionWords = {
  owing: (owed) => (owed > 0 ? `; ещё ${russianCount(owed, COINS)} в долг — спишем из ваших следующих монет` : ''),
  refunded: (owing) => `Монеты списаны: покупка возвращена${owing}`,
  disputed: (owing) => `Монеты удержаны: платёж оспорен в вашем банке${owing}`,
  restored: 'Монеты возвращены: спор о платеже решён',
  debtSettled: 'Долг в монетах погашен',
  episode: (series, number) => `«${series}», серия ${number}`,
  unknownEpisode: (id) => `серия №${id}`,
  unlocked: (episode) => `Открыта ${episode}`,
  autoUnlocked: (episode) => `Открыта автоматически: ${episode}`,
  dailyBonus: 'Ежедневный бонус',
  shared: (channel) => `Награда за то, что поделились через ${channel}`,
  channels: {
    telegram: 'Telegram',
    whatsapp: 'WhatsApp',
    email: 'эл. почту',
    sms: 'SMS',
    native: 'ваше устройство',
    copy_link: 'скопированную ссылку',
  },
  followReward: 'Награда за подписку на Cliffhanger',
  welcomeBonus: 'Приветственный бонус',
  staffGrant: 'Монеты от поддержки Cliffhanger',
  staffCorrection: 'Исправление от поддержки Cliffhanger',
  refund: 'Возврат',
  guestMergeIn: 'Монеты перенесены из гостевого профиля',
  guestMergeOut: 'Монеты перенесены в ваш аккаунт',
  guestMergeForfeit: 'Наградные монеты не перенесены: этот аккаунт уже получал такие же награды',
  coinPurchase: 'Покупка монет',
  boughtCoins: (_description, coins) => {
    const verb = russianForm(coins, { one: 'Куплена', few: 'Куплены', many: 'Куплено' });
    return `${verb} ${russianCount(coins, COINS)}`;
  },
  gold: (_description, renewal, plan) => `${renewal ? 'Продление' : 'Подписка'} ${plan ? `«${plan}»` : 'Gold'}`,
  payment: () => 'Платёж',
  outcome: {
    disputed: 'платёж оспорен',
    charged_back: 'платёж отозван банком',
    refunded: 'деньги возвращены',
    partly_refunded: 'деньги возвращены частично',
    failed: 'платёж не прошёл',
    canceled: 'платёж отменён',
    pending: 'ждёт оплаты',
  },
};

const WORDS: Record<Language, TransactionWords> = { en, ru };

export function transactionWords(language: Language): TransactionWords {
  return WORDS[language];
}
