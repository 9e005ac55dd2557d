/**
 * The shell's own words (header, navigation, profile menu, toasts, error page, unavailable panel,
 * in-app browser overlay), registered as the `shell` namespace when the shell loads.
 */
import { type Catalogue, defineMessages, type MessageKey } from '@cliffhanger/shared';

export const SHELL_NAMESPACE = 'shell';

const en = {
  'header.home': 'Cliffhanger home',
  'nav.main': 'Main',
  'nav.quick': 'Quick links',
  'nav.tabs': 'Tabs',
  'nav.home': 'Home',
  'nav.forYou': 'For you',
  'nav.search': 'Search',
  'nav.myList': 'My list',
  'nav.rewards': 'Rewards',
  'header.gold': 'Gold',
  'header.balance_one': '{{count}} coin',
  'header.balance_other': '{{count}} coins',
  'profile.signIn': 'Sign in',
  'profile.profile': 'Profile',
  'profile.subscription': 'Subscription',
  'profile.buyCoins': 'Buy Coins',
  'profile.signOut': 'Sign out',
  'toasts.region': 'Notifications',
  'toasts.dismiss': 'Dismiss notification',
  'error.title': 'Oops! Something went wrong',
  'error.body': 'We are sorry — this screen stopped working. You can go back home or reload the page.',
  'error.home': 'Go to Home',
  'error.reload': 'Reload Page',
  'remote.catalog': 'The catalogue',
  'remote.player': 'The player',
  'remote.wallet': 'The wallet',
  'remote.account': 'Your account area',
  'remote.admin': 'The staff area',
  'unavailable.title': '{{part}} is unavailable right now',
  'unavailable.body':
    'This part of Cliffhanger could not be loaded. The rest of the site still works — please try again in a moment.',
  'unavailable.retry': 'Retry',
  'redirect.title': 'Opening Cliffhanger in your browser…',
  'redirect.body': 'Videos play best there. If nothing happens, you can keep watching here.',
  'redirect.stay': 'Stay here',
  'notFound.title': 'We couldn’t find that page',
  'notFound.body': 'The link may be old, or the page may have moved. Plenty of dramas are waiting at home.',
  'notFound.home': 'Back to Home',
} as const satisfies Catalogue;

const ru: Catalogue = {
  'header.home': 'Cliffhanger — на главную',
  'nav.main': 'Основное меню',
  'nav.quick': 'Быстрые ссылки',
  'nav.tabs': 'Вкладки',
  'nav.home': 'Главная',
  'nav.forYou': 'Для вас',
  'nav.search': 'Поиск',
  'nav.myList': 'Мой список',
  'nav.rewards': 'Награды',
  'header.gold': 'Gold',
  'header.balance_one': '{{count}} монета',
  'header.balance_few': '{{count}} монеты',
  'header.balance_many': '{{count}} монет',
  'header.balance_other': '{{count}} монеты',
  'profile.signIn': 'Войти',
  'profile.profile': 'Профиль',
  'profile.subscription': 'Подписка',
  'profile.buyCoins': 'Купить монеты',
  'profile.signOut': 'Выйти',
  'toasts.region': 'Уведомления',
  'toasts.dismiss': 'Закрыть уведомление',
  'error.title': 'Ой! Что-то пошло не так',
  'error.body': 'Просим прощения — этот экран перестал работать. Вернитесь на главную или обновите страницу.',
  'error.home': 'На главную',
  'error.reload': 'Обновить страницу',
  'remote.catalog': 'Каталог',
  'remote.player': 'Плеер',
  'remote.wallet': 'Кошелёк',
  'remote.account': 'Личный кабинет',
  'remote.admin': 'Раздел для сотрудников',
  'unavailable.title': '{{part}} сейчас недоступен',
  'unavailable.body':
    'Не удалось загрузить этот раздел Cliffhanger. Остальной сайт работает — попробуйте ещё раз через минуту.',
  'unavailable.retry': 'Повторить',
  'redirect.title': 'Открываем Cliffhanger в браузере…',
  'redirect.body': 'Там видео воспроизводится лучше. Если ничего не происходит, можно продолжить смотреть здесь.',
  'redirect.stay': 'Остаться здесь',
  'notFound.title': 'Такой страницы не нашлось',
  'notFound.body': 'Возможно, ссылка устарела или страница переехала. А на главной вас ждёт много сериалов.',
  'notFound.home': 'На главную',
};

const messages = defineMessages(SHELL_NAMESPACE, { en, ru });

export type ShellKey = MessageKey<typeof en>;
export const SHELL_MESSAGES = messages.catalogues;
/** The shell's translate function in components; re-renders when the language changes. */
export const useShellT = messages.useMessages;
/** The shell's words outside components (field rules, sagas), in the page's language at call time. */
export const shellT = messages.t;
