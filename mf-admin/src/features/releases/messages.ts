/** The releases screen's words: each remote's stable version, its canary and the versions' figures (`admin-releases`). */
import { type Catalogue, defineMessages, type MessageKey } from '@cliffhanger/shared';

export const RELEASES_NAMESPACE = 'admin-releases';

const en = {
  title: 'Releases',
  intro:
    'A canary goes to a share of sessions; it is rolled back automatically when its failure rate passes {{rate}} after {{loads}} loads from at least {{reporters}} different browsers. Changes reach open pages within a minute.',
  failed: 'The releases could not be loaded',
  'remote.catalog': 'Catalog',
  'remote.player': 'Player',
  'remote.wallet': 'Wallet',
  'remote.account': 'Account',
  'remote.admin': 'Admin',
  'share.rule': 'Enter a whole number from 1 to 100',
  'canary.nothing': 'No other version that fits the shell is published, so there is nothing to try yet.',
  'canary.started': '{{name}} {{version}} now goes to {{share}} of sessions',
  'canary.startFailed': 'The canary could not be started',
  'canary.version': '{{name}} canary version',
  'canary.share': 'Share of sessions (%)',
  'canary.update': 'Update canary',
  'canary.start': 'Start canary',
  'stable.question':
    'Make {{name}} {{version}} the stable version? Every session not in a canary loads it from the next page view.',
  'stable.done': '{{name}} {{version}} is now stable',
  'stable.failed': 'The version could not be made stable',
  'tag.stable': 'stable',
  'tag.canary': 'canary',
  'fits.yes': 'Yes',
  'fits.no': 'No: {{reason}}',
  'stable.action': 'Make stable',
  'stable.actionLabel': 'Make {{name}} {{version}} stable',
  'stable.doesNotFit': 'This version does not fit the shell',
  ms: '{{value}} ms',
  'promote.question':
    'Make {{name}} {{canary}} stable for every session? {{stable}} stops being served to new page views.',
  'promote.failed': 'The canary could not be promoted',
  'rollBack.question': 'Roll back {{name}} {{canary}}? Its sessions go back to {{stable}}.',
  'rollBack.done': '{{name}} is back on {{stable}}',
  'rollBack.failed': 'The canary could not be rolled back',
  'rule.stable': 'Stable',
  'rule.canary': 'Canary',
  'rule.canaryFor': '{{version}} for {{share}} of sessions',
  'rule.none': 'None',
  'rule.lastChange': 'Last change',
  autoRollback: '{{name}} {{version}} was rolled back automatically on {{at}}: {{reason}}.',
  promote: 'Promote {{version}}',
  rollBack: 'Roll back {{version}}',
  caption: '{{name}} versions, newest first, with figures over the last {{minutes}} minutes',
  failureCounts: '{{failed}} failed of {{attempts}}',
  failureRateExplained:
    'Failure rate: the loads of the version that failed plus the errors it reported after loading, divided by every attempt to load it (loads and failed loads), over the last {{minutes}} minutes, from every browser that reported.',
  'column.version': 'Version',
  'column.built': 'Built',
  'column.loads': 'Loads',
  'column.failureRate': 'Failure rate',
  'column.medianLoad': 'Median load',
  'column.fits': 'Fits the shell',
  'column.action': 'Action',
} as const satisfies Catalogue;

const ru: Catalogue = {
  title: 'Релизы',
  intro:
    'Канареечная версия достаётся части сеансов; её автоматически откатывают, если доля сбоев превышает {{rate}} после {{loads}} загрузок не меньше чем из {{reporters}} разных браузеров. Изменения доходят до открытых страниц в течение минуты.',
  failed: 'Не удалось загрузить релизы',
  'remote.catalog': 'Каталог',
  'remote.player': 'Плеер',
  'remote.wallet': 'Кошелёк',
  'remote.account': 'Аккаунт',
  'remote.admin': 'Админка',
  'share.rule': 'Введите целое число от 1 до 100',
  'canary.nothing': 'Других версий, совместимых с оболочкой, не опубликовано, поэтому пробовать пока нечего.',
  'canary.started': 'Версию {{version}} ({{name}}) теперь получают {{share}} сеансов',
  'canary.startFailed': 'Не удалось запустить канареечную версию',
  'canary.version': 'Канареечная версия: {{name}}',
  'canary.share': 'Доля сеансов (%)',
  'canary.update': 'Обновить канарейку',
  'canary.start': 'Запустить канарейку',
  'stable.question':
    'Сделать версию {{version}} ({{name}}) стабильной? Все сеансы вне канареечной версии получат её со следующего просмотра страницы.',
  'stable.done': 'Версия {{version}} ({{name}}) теперь стабильная',
  'stable.failed': 'Не удалось сделать версию стабильной',
  'tag.stable': 'стабильная',
  'tag.canary': 'канареечная',
  'fits.yes': 'Да',
  'fits.no': 'Нет: {{reason}}',
  'stable.action': 'Сделать стабильной',
  'stable.actionLabel': 'Сделать версию {{version}} ({{name}}) стабильной',
  'stable.doesNotFit': 'Эта версия несовместима с оболочкой',
  ms: '{{value}} мс',
  'promote.question':
    'Сделать версию {{canary}} ({{name}}) стабильной для всех сеансов? Версия {{stable}} больше не будет отдаваться при новых просмотрах страниц.',
  'promote.failed': 'Не удалось сделать канареечную версию стабильной',
  'rollBack.question': 'Откатить версию {{canary}} ({{name}})? Её сеансы вернутся на версию {{stable}}.',
  'rollBack.done': '{{name}}: снова версия {{stable}}',
  'rollBack.failed': 'Не удалось откатить канареечную версию',
  'rule.stable': 'Стабильная',
  'rule.canary': 'Канареечная',
  'rule.canaryFor': '{{version}} для {{share}} сеансов',
  'rule.none': 'Нет',
  'rule.lastChange': 'Последнее изменение',
  autoRollback: 'Версия {{version}} ({{name}}) автоматически откачена {{at}}: {{reason}}.',
  promote: 'Выпустить {{version}}',
  rollBack: 'Откатить {{version}}',
  caption: 'Версии: {{name}}, новые сверху, с показателями за последние {{minutes}} мин',
  failureCounts: 'сбоев: {{failed}} из {{attempts}}',
  failureRateExplained:
    'Доля сбоев: неудачные загрузки версии и ошибки, о которых она сообщила после загрузки, делённые на все попытки её загрузить (удачные и неудачные), за последние {{minutes}} мин, по всем браузерам, приславшим отчёт.',
  'column.version': 'Версия',
  'column.built': 'Собрана',
  'column.loads': 'Загрузки',
  'column.failureRate': 'Доля сбоев',
  'column.medianLoad': 'Медиана загрузки',
  'column.fits': 'Совместима',
  'column.action': 'Действие',
};

const messages = defineMessages(RELEASES_NAMESPACE, { en, ru });

export type ReleasesKey = MessageKey<typeof en>;
export const RELEASES_MESSAGES = messages.catalogues;
/** The releases screen's translate function in components; re-renders when the language changes. */
export const useReleasesT = messages.useMessages;
/** The releases screen's words outside components (the share rule), in the page's language at call time. */
export const releasesT = messages.t;
