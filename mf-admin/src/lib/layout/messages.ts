/**
 * The staff area's own chrome and shared list pieces (section list, pager), registered as the
 * `admin-layout` namespace when the first staff screen loads.
 */
import { type Catalogue, defineMessages, type MessageKey } from '@cliffhanger/shared';

export const LAYOUT_NAMESPACE = 'admin-layout';

const en = {
  'nav.label': 'Staff sections',
  'nav.brand': 'Cliffhanger staff',
  'nav.dashboard': 'Dashboard',
  'nav.series': 'Series',
  'nav.episodes': 'Episodes',
  'nav.media': 'Media',
  'nav.users': 'Users',
  'nav.subscriptions': 'Subscriptions',
  'nav.analytics': 'Analytics',
  'nav.settings': 'Settings',
  'nav.releases': 'Releases',
  'nav.audit': 'Audit log',
  'nav.payments': 'Payments',
  'nav.thumbnails': 'Thumbnails',
  'pager.label': 'Pages',
  'pager.previous': 'Previous',
  'pager.next': 'Next',
  'pager.summary': 'Page {{page}} of {{pages}} · {{total}} in all',
} as const satisfies Catalogue;

const ru: Catalogue = {
  'nav.label': 'Разделы для сотрудников',
  'nav.brand': 'Cliffhanger: команда',
  'nav.dashboard': 'Сводка',
  'nav.series': 'Сериалы',
  'nav.episodes': 'Серии',
  'nav.media': 'Медиа',
  'nav.users': 'Пользователи',
  'nav.subscriptions': 'Подписки',
  'nav.analytics': 'Аналитика',
  'nav.settings': 'Настройки',
  'nav.releases': 'Релизы',
  'nav.audit': 'Журнал действий',
  'nav.payments': 'Платежи',
  'nav.thumbnails': 'Миниатюры',
  'pager.label': 'Страницы',
  'pager.previous': 'Назад',
  'pager.next': 'Далее',
  'pager.summary': 'Стр. {{page}} из {{pages}} · всего {{total}}',
};

const messages = defineMessages(LAYOUT_NAMESPACE, { en, ru });

export type LayoutKey = MessageKey<typeof en>;
export const LAYOUT_MESSAGES = messages.catalogues;
/** The layout's translate function in components; re-renders when the language changes. */
export const useLayoutT = messages.useMessages;
