/**
 * The words of a checkout in the viewer's language (product.md#languages): what the card processor's
 * page names the purchase (the line item Stripe Checkout shows, with `locale` so Stripe's own words
 * match), and every text of the local test checkout page that stands in for it without a Stripe key.
 * The payment row keeps its English description: the transactions list words each line per request
 * (transaction-words.ts).
 */
import type { Language } from '@cliffhanger/shared/languages';
import { COINS, type RussianForms, russianCount } from '../../http/messages/russian-plural';
import { describeOffer } from '../coins/first-purchase-offer.service';

const BONUS_COINS: RussianForms = { one: 'бонусная монета', few: 'бонусные монеты', many: 'бонусных монет' };

export interface CheckoutWords {
  /** A coin pack's coins, with its bonus coins when it has any. */
  coins(coins: number, bonus: number): string;
  /** The first-purchase offer's coins. */
  offer(coins: number): string;
  /** What a Gold plan gives, and how often it renews. */
  gold(interval: 'month' | 'year'): string;
  /** A Gold subscription named by its plan (already in this language). */
  goldPlan(plan: string): string;
  page: {
    siteName: string;
    coinsProduct: string;
    goldProduct: string;
    payFor(what: string): string;
    confirm: string;
    product: string;
    includes: string;
    price: string;
    testNote: string;
    receiptEmail: string;
    receiptEmailNote: string;
    badReceiptEmail: string;
    pay(price: string): string;
    cancel: string;
    receipt: string;
    closed: string;
    cancelled: string;
    back: string;
    paid: string;
    refunded: string;
    chargedBack: string;
    refundedRow: string;
    inFull: string;
    dispute: string;
    disputeStates: Readonly<Record<'open' | 'won' | 'lost', string>>;
    refundHalf: string;
    refundFull: string;
    refundRest: string;
    openDispute: string;
    disputeWon: string;
    disputeLost: string;
    laterEvents: string;
    laterNote: string;
    notAvailable: string;
    notYours: string;
    notYoursHelp: string;
    notFound: string;
    notFoundHelp: string;
  };
}

const en: CheckoutWords = {
  coins: (coins, bonus) => (bonus > 0 ? `${coins} coins + ${bonus} bonus coins` : `${coins} coins`),
  offer: (coins) => describeOffer({ coins }),
  gold: (interval) => `Gold: every episode, no coins needed. Renews every ${interval}.`,
  goldPlan: (plan) => `${plan} subscription`,
  page: {
    siteName: 'Cliffhanger test checkout',
    coinsProduct: 'Coins',
    goldProduct: 'Gold subscription',
    payFor: (what) => `Pay for ${what}`,
    confirm: 'Confirm your purchase',
    product: 'Product',
    includes: 'Includes',
    price: 'Price',
    testNote:
      'This is the local test checkout: no card is charged. Paying sends a signed payment event to the server, exactly as the card processor would.',
    receiptEmail: 'E-mail for your receipt',
    receiptEmailNote: 'If you lose this device, this address gets your coins and episodes back.',
    badReceiptEmail: 'Please enter a valid e-mail address, or leave it empty.',
    pay: (price) => `Pay ${price}`,
    cancel: 'Cancel',
    receipt: 'Receipt',
    closed: 'Checkout closed',
    cancelled: 'This checkout was cancelled',
    back: 'Back to Cliffhanger',
    paid: 'This purchase is paid',
    refunded: 'This purchase was refunded',
    chargedBack: 'This payment was charged back',
    refundedRow: 'Refunded',
    inFull: ' (in full)',
    dispute: 'Dispute',
    disputeStates: { open: 'Open: the bank is holding the money', won: 'Won', lost: 'Lost' },
    refundHalf: 'Refund half',
    refundFull: 'Refund in full',
    refundRest: 'Refund the rest',
    openDispute: 'Open a dispute',
    disputeWon: 'Dispute won',
    disputeLost: 'Dispute lost',
    laterEvents: 'Later events from the card processor',
    laterNote:
      'Send what the processor would report after the payment. Each is a signed event through the same handler as real ones.',
    notAvailable: 'Checkout not available',
    notYours: 'This checkout is not yours',
    notYoursHelp:
      'Open the checkout from the store while signed in to the account that started it, or start the purchase again.',
    notFound: 'Checkout not found',
    notFoundHelp: 'This checkout does not exist. Start the purchase again from the store.',
  },
};

const ru: CheckoutWords = {
  coins: (coins, bonus) =>
    bonus > 0 ? `${russianCount(coins, COINS)} + ${russianCount(bonus, BONUS_COINS)}` : russianCount(coins, COINS),
  offer: (coins) => `Предложение на первое пополнение: ${russianCount(coins, COINS)}`,
  gold: (interval) => `Gold: все серии без монет. Продлевается каждый ${interval === 'month' ? 'месяц' : 'год'}.`,
  goldPlan: (plan) => `Подписка «${plan}»`,
  page: {
    siteName: 'тестовая оплата Cliffhanger',
    coinsProduct: 'Монеты',
    goldProduct: 'Подписка Gold',
    payFor: (what) => `Оплата: ${what}`,
    confirm: 'Подтвердите покупку',
    product: 'Товар',
    includes: 'Что входит',
    price: 'Цена',
    testNote:
      'Это локальная тестовая оплата: деньги с карты не списываются. Кнопка «Оплатить» отправляет серверу подписанное событие о платеже — так же, как это сделал бы платёжный сервис.',
    receiptEmail: 'E-mail для чека',
    receiptEmailNote: 'Если вы потеряете это устройство, по этому адресу можно вернуть монеты и серии.',
    badReceiptEmail: 'Введите правильный адрес e-mail или оставьте поле пустым.',
    pay: (price) => `Оплатить ${price}`,
    cancel: 'Отмена',
    receipt: 'Чек',
    closed: 'Оплата закрыта',
    cancelled: 'Эта оплата отменена',
    back: 'Вернуться в Cliffhanger',
    paid: 'Покупка оплачена',
    refunded: 'Деньги за покупку возвращены',
    chargedBack: 'Банк отозвал этот платёж',
    refundedRow: 'Возвращено',
    inFull: ' (полностью)',
    dispute: 'Спор',
    disputeStates: { open: 'Открыт: банк удерживает деньги', won: 'Выигран', lost: 'Проигран' },
    refundHalf: 'Вернуть половину',
    refundFull: 'Вернуть полностью',
    refundRest: 'Вернуть остаток',
    openDispute: 'Открыть спор',
    disputeWon: 'Спор выигран',
    disputeLost: 'Спор проигран',
    laterEvents: 'Что платёжный сервис может сообщить позже',
    laterNote:
      'Отправьте то, что платёжный сервис сообщил бы после оплаты. Каждое событие подписано и проходит через тот же обработчик, что и настоящие.',
    notAvailable: 'Оплата недоступна',
    notYours: 'Эту оплату начали не вы',
    notYoursHelp: 'Откройте оплату из магазина, войдя в аккаунт, который её начал, или начните покупку заново.',
    notFound: 'Оплата не найдена',
    notFoundHelp: 'Такой оплаты нет. Начните покупку заново из магазина.',
  },
};

const WORDS: Record<Language, CheckoutWords> = { en, ru };

export function checkoutWords(language: Language): CheckoutWords {
  return WORDS[language];
}
