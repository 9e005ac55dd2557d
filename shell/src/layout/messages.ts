/**
 * The shell's own words (header, navigation, profile menu, toasts, error page, unavailable panel,
 * in-app browser overlay, follow prompt, sign-in notices), registered as the `shell` namespace when the shell loads.
 */
import { type Catalogue, defineMessages, type MessageKey } from '@cliffhanger/shared';

export const SHELL_NAMESPACE = 'shell';

const en = {
  'header.home': 'Cliffhanger home',
  'header.back': 'Back',
  'skip.content': 'Skip to content',
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
  'follow.close': 'Close',
  'follow.title': 'Follow Cliffhanger',
  'follow.body_one':
    'Follow us on Instagram for first looks at new dramas and behind-the-scenes clips. As a thank-you, we add {{count}} coin to your balance.',
  'follow.body_other':
    'Follow us on Instagram for first looks at new dramas and behind-the-scenes clips. As a thank-you, we add {{count}} coins to your balance.',
  'follow.reward_one': '{{count}} coin',
  'follow.reward_other': '{{count}} coins',
  'follow.continue': 'Continue',
  'follow.added_one': '+{{count}} coin',
  'follow.added_other': '+{{count}} coins',
  'follow.thanks': 'Thank you for following Cliffhanger! Your coins have been added.',
  'follow.already': 'You have already collected your follow reward. Thank you!',
  'follow.collected_one':
    'You have collected your {{count}} coin for following Cliffhanger. Thank you! Continue opens our page.',
  'follow.collected_other':
    'You have collected your {{count}} coins for following Cliffhanger. Thank you! Continue opens our page.',
  'follow.notYet': 'The follow reward is not available yet. Please try again later.',
  'follow.signIn': 'Please sign in to collect your follow reward.',
  'follow.failed': 'We could not add your coins just now. Please try again in a moment.',
  'magicLink.elsewhereTitle': 'Signed in as {{email}}',
  'magicLink.elsewhereBody':
    'This sign-in link was asked for in another browser, so the coins, unlocks and list of this browser’s guest visit were not moved to the account.',
} as const satisfies Catalogue;

const ru: Catalogue = {
  'header.home': 'Cliffhanger — на главную',
  'header.back': 'Назад',
  'skip.content': 'Перейти к содержимому',
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
  'follow.close': 'Закрыть',
  'follow.title': 'Подпишитесь на Cliffhanger',
  'follow.body_one':
    'Подпишитесь на нас в Instagram: первыми смотрите новые драмы и съёмки за кадром. В благодарность мы добавим на ваш баланс {{count}} монету.',
  'follow.body_few':
    'Подпишитесь на нас в Instagram: первыми смотрите новые драмы и съёмки за кадром. В благодарность мы добавим на ваш баланс {{count}} монеты.',
  'follow.body_many':
    'Подпишитесь на нас в Instagram: первыми смотрите новые драмы и съёмки за кадром. В благодарность мы добавим на ваш баланс {{count}} монет.',
  'follow.body_other':
    'Подпишитесь на нас в Instagram: первыми смотрите новые драмы и съёмки за кадром. В благодарность мы добавим на ваш баланс {{count}} монеты.',
  'follow.reward_one': '{{count}} монета',
  'follow.reward_few': '{{count}} монеты',
  'follow.reward_many': '{{count}} монет',
  'follow.reward_other': '{{count}} монеты',
  'follow.continue': 'Продолжить',
  'follow.added_one': '+{{count}} монета',
  'follow.added_few': '+{{count}} монеты',
  'follow.added_many': '+{{count}} монет',
  'follow.added_other': '+{{count}} монеты',
  'follow.thanks': 'Спасибо за подписку на Cliffhanger! Монеты уже на вашем балансе.',
  'follow.already': 'Вы уже получили награду за подписку. Спасибо!',
  'follow.collected_one':
    'Вы уже получили {{count}} монету за подписку на Cliffhanger. Спасибо! «Продолжить» откроет нашу страницу.',
  'follow.collected_few':
    'Вы уже получили {{count}} монеты за подписку на Cliffhanger. Спасибо! «Продолжить» откроет нашу страницу.',
  'follow.collected_many':
    'Вы уже получили {{count}} монет за подписку на Cliffhanger. Спасибо! «Продолжить» откроет нашу страницу.',
  'follow.collected_other':
    'Вы уже получили {{count}} монеты за подписку на Cliffhanger. Спасибо! «Продолжить» откроет нашу страницу.',
  'follow.notYet': 'Награда за подписку пока недоступна. Попробуйте позже.',
  'follow.signIn': 'Войдите, чтобы получить награду за подписку.',
  'follow.failed': 'Не удалось начислить монеты. Попробуйте ещё раз чуть позже.',
  'magicLink.elsewhereTitle': 'Вы вошли как {{email}}',
  'magicLink.elsewhereBody':
    'Ссылку для входа запросили в другом браузере, поэтому монеты, открытые серии и список гостевого посещения в этом браузере не перенесены в аккаунт.',
};

const messages = defineMessages(SHELL_NAMESPACE, { en, ru });

export type ShellKey = MessageKey<typeof en>;
export const SHELL_MESSAGES = messages.catalogues;
/** The shell's translate function in components; re-renders when the language changes. */
export const useShellT = messages.useMessages;
/** The shell's words outside components (field rules, sagas), in the page's language at call time. */
export const shellT = messages.t;
