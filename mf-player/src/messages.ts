/**
 * mf-player's own words (the player screen, its controls, the episode list and drawer, the paywall,
 * auto-unlock, playback errors and toasts), registered as the `player` namespace when the remote
 * loads, so the remote has them whether the shell or its standalone harness hosts it.
 *
 * Russian counts take different cases after different words, so a count has one key per case it
 * is used in: `coins` (nominative: "у вас 5 монет"), `coinsFor` (accusative, after "за", "на", "в",
 * "стоит": "за 1 монету") and `coinsOf` (genitive, after "из", "не хватает": "из 1 монеты").
 */
import { type Catalogue, defineMessages, type MessageKey } from '@cliffhanger/shared';
import type { PlaybackErrorKind } from '@cliffhanger/shared/hls';

export const PLAYER_NAMESPACE = 'player';

const en = {
  coins_one: '{{count, number}} coin',
  coins_other: '{{count, number}} coins',
  coinsFor_one: '{{count, number}} coin',
  coinsFor_other: '{{count, number}} coins',
  coinsOf_one: '{{count, number}} coin',
  coinsOf_other: '{{count, number}} coins',

  'screen.unavailableTitle': 'Episode not available',
  'screen.browse': 'Browse series',
  'screen.badLink': 'This episode link is not valid.',
  'screen.notFound': 'We couldn’t find this episode. It may have been removed.',
  'screen.title': 'Player',
  'screen.loadFailed': 'Failed to fetch episodes',
  'screen.loading': 'Loading episode…',

  'view.label': 'Player: {{title}}',
  'view.title': '{{series}} · Episode {{number}}',
  'view.episode': 'Episode {{number}}',
  'view.episodeName': 'Episode {{number}} · {{title}}',
  'view.back': 'Back',
  'view.mute': 'Mute',
  'view.unmute': 'Unmute',
  'view.more': 'More',
  'view.less': 'Less',
  'view.retry': 'Retry',
  'view.reconnecting': 'Reconnecting…',
  'view.tapForSound': 'Tap for sound',
  'view.clickForSound': 'Click for sound',

  'error.network': 'We lost the connection while loading this episode. Check your connection and press Retry.',
  'error.media': 'This episode could not be played on this device. Press Retry to try again.',
  'error.unsupported': 'This browser cannot play these videos. Please try a recent Chrome, Firefox, Edge or Safari.',

  'like.like': 'Like',
  'like.label_one': 'Like, {{count, number}} like',
  'like.label_other': 'Like, {{count, number}} likes',
  'like.failed': 'We could not save your like. Please try again.',
  'like.unlikeFailed': 'We could not take your like back. Please try again.',

  'controls.legend': 'Player controls',
  'controls.seek': 'Seek',
  'controls.position': '{{current}} of {{total}}',
  'controls.previous': 'Previous episode',
  'controls.next': 'Next episode',
  'controls.play': 'Play',
  'controls.pause': 'Pause',
  'controls.speed': 'Playback speed',
  'controls.autoplayNext': 'Autoplay next',
  'controls.fullScreen': 'Full screen',
  'controls.pictureInPicture': 'Picture in picture',
  'controls.exitPictureInPicture': 'Leave picture in picture',

  'episodes.title': 'Episodes',
  'episodes.free': 'Free',
  'episodes.unlocked': 'Unlocked',
  'episodes.gold': 'Gold',
  'episodes.watched': 'Watched',
  'episodes.playingNow': 'playing now',
  'episodes.count_one': '{{count, number}} episode',
  'episodes.count_other': '{{count, number}} episodes',
  'episodes.close': 'Close episodes',
  'episodes.seasons': 'Seasons',
  'episodes.season': 'Season {{number}}',

  'countdown.label': 'Up next',
  'countdown.startsIn': 'Episode {{number}} starts in',
  'countdown.seconds_one': 'second',
  'countdown.seconds_other': 'seconds',
  'countdown.playNow': 'Play now',
  'countdown.cancel': 'Cancel',

  'rail.myList': 'My list',
  'rail.inMyList': 'In my list',
  'rail.share': 'Share',
  'rail.episodes': 'Episodes',
  'rail.shareText': 'Watch “{{title}}” on Cliffhanger',
  'rail.added': '“{{title}}” is in your list.',
  'rail.removed': '“{{title}}” was removed from your list.',
  'rail.addFailed': 'Sorry, we could not add this series to your list. Please try again.',
  'rail.removeFailed': 'Sorry, we could not remove this series from your list. Please try again.',
  'rail.copied': 'Link copied. Paste it anywhere to share this series.',
  'rail.copyFailed': 'We couldn’t copy the link. You can share this address: {{url}}',

  'paywall.goldTitle': 'This series is for Gold members',
  'paywall.lockedTitle': 'Episode {{number}} is locked',
  'paywall.goldConfirming': 'Your Gold membership is being confirmed. Please reload in a moment.',
  'paywall.joinGold': 'Join Gold to watch every episode of every series, with no coins needed.',
  'paywall.unlockFor': 'Unlock for',
  'paywall.balance': 'Your balance: {{coins}}',
  'paywall.unlockButton': 'Unlock for {{coins}}',
  'paywall.unlocking': 'Unlocking…',
  'paywall.unlockingAutomatically': 'Unlocking automatically…',
  'paywall.getGold': 'Get Gold',
  'paywall.buyCoins': 'Buy coins',
  'paywall.moreWays': 'More ways to unlock',

  'unlock.unavailable': 'Unlocking episodes is not available right now. Please try again a little later.',
  'unlock.generic': 'Sorry, this episode could not be unlocked. Please try again.',
  'unlock.needMore_one':
    'You need {{count, number}} more coin to unlock this episode. Top up and we’ll bring you back.',
  'unlock.needMore_other':
    'You need {{count, number}} more coins to unlock this episode. Top up and we’ll bring you back.',
  'unlock.autoStopped': 'Auto-unlock stopped at this episode.',
  'unlock.autoFailed': 'Auto-unlock did not go through: {{message}}',

  'autoUnlock.on': 'Auto-unlock: on, {{spent, number}} of {{limit}} used',
  'autoUnlock.off': 'Auto-unlock: off',
  'autoUnlock.turnOff': 'Turn off',
  'autoUnlock.changeLimit': 'Change limit',
  'autoUnlock.turnOnCompact': 'Unlock next episodes automatically',
  'autoUnlock.turnOn': 'Turn on',
  'autoUnlock.legend': 'Unlock the next episodes automatically, spending at most:',
  'autoUnlock.about_one': '(about {{count}} episode)',
  'autoUnlock.about_other': '(about {{count}} episodes)',
  'autoUnlock.explain':
    'Each automatic unlock shows a message and a line in your transactions. It never spends more than this limit, and you can turn it off here at any time.',
  'autoUnlock.save': 'Save limit',
  'autoUnlock.turnOnWith': 'Turn on with {{coins}}',
  'autoUnlock.cancel': 'Cancel',
  'autoUnlock.failed': 'Sorry, auto-unlock could not be changed. Please try again.',
  'autoUnlock.limitUsedUp': 'your {{cap}}-coin limit is used up',
  'autoUnlock.limitLeft_one': 'only {{count, number}} coin of your {{cap}}-coin limit is left',
  'autoUnlock.limitLeft_other': 'only {{count, number}} coins of your {{cap}}-coin limit are left',
  'autoUnlock.capStop': 'Auto-unlock stopped: this episode costs {{cost}} and {{limit}}.',
  'autoUnlock.balanceStop': 'Auto-unlock paused: this episode costs {{cost}} and you have {{balance}}.',
  'autoUnlock.toast': '{{charged}} spent: {{episode}} unlocked automatically · {{left}} left of your limit',
  'autoUnlock.toastEpisode': 'episode {{number}}',
  'autoUnlock.toastNextEpisode': 'the next episode',

  'test.title': 'Every player form',
  'test.loading': 'Loading the sample episode…',
  'test.routeForms': 'Route forms',
  'test.form.seriesAndEpisode': 'Series and episode id',
  'test.form.slugAndNumber': 'Series slug and episode number',
  'test.form.desktopSlug': 'Desktop, slug and number',
  'test.form.episodeId': 'Episode id',
  'test.form.watch': 'Watch link',
  'test.form.desktopEpisode': 'Desktop, episode id',
  'test.form.legacy': 'Legacy series link (series-{id}/EP1)',
  'test.mobile': 'Mobile layout',
  'test.desktop': 'Desktop layout',
  'test.paywall': 'Paywall',
  'test.locked': 'Locked episode',
  'test.goldExclusive': 'Gold-exclusive series',
} as const satisfies Catalogue;

const ru: Catalogue = {
  coins_one: '{{count, number}} монета',
  coins_few: '{{count, number}} монеты',
  coins_many: '{{count, number}} монет',
  coins_other: '{{count, number}} монеты',
  coinsFor_one: '{{count, number}} монету',
  coinsFor_few: '{{count, number}} монеты',
  coinsFor_many: '{{count, number}} монет',
  coinsFor_other: '{{count, number}} монеты',
  coinsOf_one: '{{count, number}} монеты',
  coinsOf_few: '{{count, number}} монет',
  coinsOf_many: '{{count, number}} монет',
  coinsOf_other: '{{count, number}} монеты',

  'screen.unavailableTitle': 'Серия недоступна',
  'screen.browse': 'К сериалам',
  'screen.badLink': 'Ссылка на серию неверна.',
  'screen.notFound': 'Не удалось найти эту серию. Возможно, её удалили.',
  'screen.title': 'Плеер',
  'screen.loadFailed': 'Не удалось загрузить серии',
  'screen.loading': 'Загружаем серию…',

  'view.label': 'Плеер: {{title}}',
  'view.title': '{{series}} · Серия {{number}}',
  'view.episode': 'Серия {{number}}',
  'view.episodeName': 'Серия {{number}} · {{title}}',
  'view.back': 'Назад',
  'view.mute': 'Выключить звук',
  'view.unmute': 'Включить звук',
  'view.more': 'Ещё',
  'view.less': 'Свернуть',
  'view.retry': 'Повторить',
  'view.reconnecting': 'Восстанавливаем связь…',
  'view.tapForSound': 'Включить звук',
  'view.clickForSound': 'Включить звук',

  'error.network': 'Связь прервалась во время загрузки серии. Проверьте подключение к интернету и нажмите «Повторить».',
  'error.media': 'Эту серию не удалось воспроизвести на этом устройстве. Нажмите «Повторить», чтобы попробовать снова.',
  'error.unsupported':
    'Этот браузер не может воспроизводить наши видео. Попробуйте свежую версию Chrome, Firefox, Edge или Safari.',

  'like.like': 'Нравится',
  'like.label_one': 'Нравится, {{count, number}} отметка',
  'like.label_few': 'Нравится, {{count, number}} отметки',
  'like.label_many': 'Нравится, {{count, number}} отметок',
  'like.label_other': 'Нравится, {{count, number}} отметки',
  'like.failed': 'Не удалось сохранить отметку «Нравится». Попробуйте ещё раз.',
  'like.unlikeFailed': 'Не удалось снять отметку «Нравится». Попробуйте ещё раз.',

  'controls.legend': 'Управление плеером',
  'controls.seek': 'Перемотка',
  'controls.position': '{{current}} из {{total}}',
  'controls.previous': 'Предыдущая серия',
  'controls.next': 'Следующая серия',
  'controls.play': 'Воспроизвести',
  'controls.pause': 'Пауза',
  'controls.speed': 'Скорость воспроизведения',
  'controls.autoplayNext': 'Автопереход',
  'controls.fullScreen': 'Во весь экран',
  'controls.pictureInPicture': 'Картинка в картинке',
  'controls.exitPictureInPicture': 'Выйти из режима «картинка в картинке»',

  'episodes.title': 'Серии',
  'episodes.free': 'Бесплатно',
  'episodes.unlocked': 'Открыта',
  'episodes.gold': 'Gold',
  'episodes.watched': 'Просмотрена',
  'episodes.playingNow': 'сейчас идёт',
  'episodes.count_one': '{{count, number}} серия',
  'episodes.count_few': '{{count, number}} серии',
  'episodes.count_many': '{{count, number}} серий',
  'episodes.count_other': '{{count, number}} серии',
  'episodes.close': 'Закрыть список серий',
  'episodes.seasons': 'Сезоны',
  'episodes.season': 'Сезон {{number}}',

  'countdown.label': 'Далее',
  'countdown.startsIn': 'Серия {{number}} начнётся через',
  'countdown.seconds_one': 'секунду',
  'countdown.seconds_few': 'секунды',
  'countdown.seconds_many': 'секунд',
  'countdown.seconds_other': 'секунды',
  'countdown.playNow': 'Смотреть сейчас',
  'countdown.cancel': 'Отмена',

  'rail.myList': 'Мой список',
  'rail.inMyList': 'В списке',
  'rail.share': 'Поделиться',
  'rail.episodes': 'Серии',
  'rail.shareText': 'Смотрите «{{title}}» на Cliffhanger',
  'rail.added': 'Сериал «{{title}}» добавлен в ваш список.',
  'rail.removed': 'Сериал «{{title}}» удалён из вашего списка.',
  'rail.addFailed': 'Не удалось добавить сериал в список. Попробуйте ещё раз.',
  'rail.removeFailed': 'Не удалось удалить сериал из списка. Попробуйте ещё раз.',
  'rail.copied': 'Ссылка скопирована. Вставьте её куда угодно, чтобы поделиться сериалом.',
  'rail.copyFailed': 'Не удалось скопировать ссылку. Поделитесь этим адресом: {{url}}',

  'paywall.goldTitle': 'Этот сериал — только для Gold',
  'paywall.lockedTitle': 'Серия {{number}} закрыта',
  'paywall.goldConfirming': 'Подтверждаем вашу подписку Gold. Обновите страницу через минуту.',
  'paywall.joinGold': 'Оформите Gold и смотрите все серии всех сериалов без монет.',
  'paywall.unlockFor': 'Открыть за',
  'paywall.balance': 'Ваш баланс: {{coins}}',
  'paywall.unlockButton': 'Открыть за {{coins}}',
  'paywall.unlocking': 'Открываем…',
  'paywall.unlockingAutomatically': 'Открываем автоматически…',
  'paywall.getGold': 'Оформить Gold',
  'paywall.buyCoins': 'Купить монеты',
  'paywall.moreWays': 'Другие способы открыть',

  'unlock.unavailable': 'Открыть серию сейчас нельзя. Попробуйте чуть позже.',
  'unlock.generic': 'Не удалось открыть эту серию. Попробуйте ещё раз.',
  'unlock.needMore_one':
    'Чтобы открыть эту серию, не хватает {{count, number}} монеты. Пополните баланс — и мы вернём вас к серии.',
  'unlock.needMore_few':
    'Чтобы открыть эту серию, не хватает {{count, number}} монет. Пополните баланс — и мы вернём вас к серии.',
  'unlock.needMore_many':
    'Чтобы открыть эту серию, не хватает {{count, number}} монет. Пополните баланс — и мы вернём вас к серии.',
  'unlock.needMore_other':
    'Чтобы открыть эту серию, не хватает {{count, number}} монеты. Пополните баланс — и мы вернём вас к серии.',
  'unlock.autoStopped': 'Автооткрытие остановилось на этой серии.',
  'unlock.autoFailed': 'Автооткрытие не сработало: {{message}}',

  'autoUnlock.on': 'Автооткрытие: вкл., потрачено {{spent, number}} из {{limit}}',
  'autoUnlock.off': 'Автооткрытие: выкл.',
  'autoUnlock.turnOff': 'Выключить',
  'autoUnlock.changeLimit': 'Изменить лимит',
  'autoUnlock.turnOnCompact': 'Включить автооткрытие',
  'autoUnlock.turnOn': 'Включить',
  'autoUnlock.legend': 'Автоматически открывать следующие серии, потратив не больше:',
  'autoUnlock.about_one': '(примерно на {{count}} серию)',
  'autoUnlock.about_few': '(примерно на {{count}} серии)',
  'autoUnlock.about_many': '(примерно на {{count}} серий)',
  'autoUnlock.about_other': '(примерно на {{count}} серии)',
  'autoUnlock.explain':
    'О каждом автоматическом открытии мы сообщим, и оно появится в ваших операциях. Лимит никогда не превышается, а выключить автооткрытие можно здесь в любой момент.',
  'autoUnlock.save': 'Сохранить лимит',
  'autoUnlock.turnOnWith': 'Включить на {{coins}}',
  'autoUnlock.cancel': 'Отмена',
  'autoUnlock.failed': 'Не удалось изменить автооткрытие. Попробуйте ещё раз.',
  'autoUnlock.limitUsedUp': 'лимит в {{capCoins}} исчерпан',
  'autoUnlock.limitLeft_one': 'от лимита в {{capCoins}} осталась {{count, number}} монета',
  'autoUnlock.limitLeft_few': 'от лимита в {{capCoins}} осталось {{count, number}} монеты',
  'autoUnlock.limitLeft_many': 'от лимита в {{capCoins}} осталось {{count, number}} монет',
  'autoUnlock.limitLeft_other': 'от лимита в {{capCoins}} осталось {{count, number}} монеты',
  'autoUnlock.capStop': 'Автооткрытие остановлено: серия стоит {{cost}}, а {{limit}}.',
  'autoUnlock.balanceStop': 'Автооткрытие приостановлено: серия стоит {{cost}}, а у вас {{balance}}.',
  'autoUnlock.toast': 'Списано: {{charged}} — {{episode}} открыта автоматически · остаток лимита: {{left}}',
  'autoUnlock.toastEpisode': 'серия {{number}}',
  'autoUnlock.toastNextEpisode': 'следующая серия',

  'test.title': 'Все варианты плеера',
  'test.loading': 'Загружаем пример серии…',
  'test.routeForms': 'Варианты адреса',
  'test.form.seriesAndEpisode': 'Номер сериала и серии',
  'test.form.slugAndNumber': 'Адрес сериала и номер серии',
  'test.form.desktopSlug': 'Компьютер, адрес и номер',
  'test.form.episodeId': 'Номер серии в каталоге',
  'test.form.watch': 'Ссылка «смотреть»',
  'test.form.desktopEpisode': 'Компьютер, номер серии',
  'test.form.legacy': 'Старая ссылка на сериал (series-{id}/EP1)',
  'test.mobile': 'Телефон',
  'test.desktop': 'Компьютер',
  'test.paywall': 'Экран оплаты',
  'test.locked': 'Закрытая серия',
  'test.goldExclusive': 'Сериал только для Gold',
};

const messages = defineMessages(PLAYER_NAMESPACE, { en, ru });

export type PlayerKey = MessageKey<typeof en>;
export const PLAYER_MESSAGES = messages.catalogues;
/** The player's translate function in components; re-renders when the language changes. */
export const usePlayerT = messages.useMessages;
/** The player's words outside components (sagas, toasts, engine messages), in the page's language at call time. */
export const playerT = messages.t;

type CoinCase = 'coins' | 'coinsFor' | 'coinsOf';
/** "5 coins" in the case the sentence needs (see the top of this file), in the page's language at call time. */
export const coinsText = (count: number, form: CoinCase = 'coins') => playerT(form, { count });

/** What the viewer is told after the playback engine gives up, per kind, in the page's language when it is read. */
export const PLAYBACK_ERROR_MESSAGES: Record<PlaybackErrorKind, string> = {
  get network() {
    return playerT('error.network');
  },
  get media() {
    return playerT('error.media');
  },
  get unsupported() {
    return playerT('error.unsupported');
  },
};
