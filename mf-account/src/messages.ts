/**
 * mf-account's own words, registered as the `account` namespace when the remote loads, so the remote
 * has them whether the shell or its standalone harness hosts it.
 */
import { type Catalogue, type MessageKey, registerMessages, useT } from '@cliffhanger/shared';

export const ACCOUNT_NAMESPACE = 'account';

const en = {
  'profile.title': 'Profile',
  'profile.guestIntro': 'Sign in to keep your coins, list and history on every device.',
  'language.legend': 'Language',
  'language.hint': 'The site switches at once and remembers your choice on this device.',
  'auth.modes': 'How to sign in',
  'auth.mode.link': 'E-mail link',
  'auth.mode.password': 'Password',
  'auth.mode.register': 'New account',
  'auth.mode.reset': 'Forgot password',
  'details.edit': 'Edit profile',
  'details.editForm': 'Edit profile',
  'details.username': 'Username',
  'details.firstName': 'First name',
  'details.lastName': 'Last name',
  'details.chooseUsername': 'Choose a username.',
  'details.saveFailed': 'Your profile could not be saved',
  'details.saving': 'Saving…',
  'details.save': 'Save',
  'details.cancel': 'Cancel',
  'details.coinsAndGold': 'Coins and Gold',
  'details.coins_one': 'coin',
  'details.coins_other': 'coins',
  'details.goldMember': 'member',
  'details.goldUntil': 'until {{date}}',
  'details.freePlan': 'Free plan',
  'details.buyCoins': 'Buy coins',
  'details.getGold': 'Get Gold',
  'details.settings': 'Account settings',
  'details.signOut': 'Sign out',
  'verify.region': 'E-mail confirmation',
  'verify.confirming': 'Confirming your e-mail address…',
  'verify.done': 'Thank you — your e-mail address is confirmed.',
  'verify.failed': 'Your e-mail address could not be confirmed',
  'dashboard.title': 'Your account',
  'dashboard.sections': 'Account sections',
  'tab.subscription': 'Subscription',
  'tab.balance': 'Balance',
  'tab.notifications': 'Notifications',
  'tab.security': 'Security',
  'tab.history': 'History',
  'tab.payments': 'Payments',
  'wallet.subscription': 'Your subscription',
  'wallet.balance': 'Your balance',
  'wallet.transactions': 'Your transactions',
  'wallet.payments': 'Your payment methods',
  'wallet.unavailable': '{{what}} is unavailable right now',
  'wallet.unavailableBody':
    'This part of your account could not be loaded. Everything else still works — please try again in a moment.',
  'wallet.retry': 'Retry',
  'wallet.loading': 'Loading…',
} as const satisfies Catalogue;

const ru: Catalogue = {
  'profile.title': 'Профиль',
  'profile.guestIntro': 'Войдите, чтобы монеты, список и история просмотров были с вами на любом устройстве.',
  'language.legend': 'Язык',
  'language.hint': 'Сайт переключится сразу и запомнит ваш выбор на этом устройстве.',
  'auth.modes': 'Способ входа',
  'auth.mode.link': 'Ссылка на почту',
  'auth.mode.password': 'Пароль',
  'auth.mode.register': 'Новый аккаунт',
  'auth.mode.reset': 'Забыли пароль?',
  'details.edit': 'Изменить профиль',
  'details.editForm': 'Изменение профиля',
  'details.username': 'Имя пользователя',
  'details.firstName': 'Имя',
  'details.lastName': 'Фамилия',
  'details.chooseUsername': 'Придумайте имя пользователя.',
  'details.saveFailed': 'Не удалось сохранить профиль',
  'details.saving': 'Сохраняем…',
  'details.save': 'Сохранить',
  'details.cancel': 'Отмена',
  'details.coinsAndGold': 'Монеты и Gold',
  'details.coins_one': 'монета',
  'details.coins_few': 'монеты',
  'details.coins_many': 'монет',
  'details.coins_other': 'монеты',
  'details.goldMember': 'подписка активна',
  'details.goldUntil': 'до {{date}}',
  'details.freePlan': 'Бесплатный тариф',
  'details.buyCoins': 'Купить монеты',
  'details.getGold': 'Оформить Gold',
  'details.settings': 'Настройки аккаунта',
  'details.signOut': 'Выйти',
  'verify.region': 'Подтверждение почты',
  'verify.confirming': 'Подтверждаем адрес почты…',
  'verify.done': 'Спасибо — адрес почты подтверждён.',
  'verify.failed': 'Не удалось подтвердить адрес почты',
  'dashboard.title': 'Личный кабинет',
  'dashboard.sections': 'Разделы кабинета',
  'tab.subscription': 'Подписка',
  'tab.balance': 'Баланс',
  'tab.notifications': 'Уведомления',
  'tab.security': 'Безопасность',
  'tab.history': 'История',
  'tab.payments': 'Оплата',
  'wallet.subscription': 'Раздел подписки',
  'wallet.balance': 'Раздел баланса',
  'wallet.transactions': 'Список операций',
  'wallet.payments': 'Раздел способов оплаты',
  'wallet.unavailable': '{{what}} сейчас недоступен',
  'wallet.unavailableBody':
    'Не удалось загрузить эту часть кабинета. Всё остальное работает — попробуйте ещё раз через минуту.',
  'wallet.retry': 'Повторить',
  'wallet.loading': 'Загружаем…',
};

export type AccountKey = MessageKey<typeof en>;
export const ACCOUNT_MESSAGES = { en, ru } as const;

registerMessages(ACCOUNT_NAMESPACE, ACCOUNT_MESSAGES);

/** The account's translate function; re-renders when the language changes. */
export function useAccountT() {
  const { t, language } = useT(ACCOUNT_NAMESPACE);
  return { t: (key: AccountKey, options?: Record<string, unknown>) => t(key, options ?? {}) as string, language };
}
