/** The audit log screen's words, registered as `admin-audit`. */
import { type Catalogue, defineMessages, type MessageKey } from '@cliffhanger/shared';

export const AUDIT_NAMESPACE = 'admin-audit';

const en = {
  title: 'Audit log',
  intro: 'Every change staff made: who, what, when, and the values before and after.',
  superuserOnly: 'Only a superuser can read the audit log. Please ask one if you need a record of a change.',
  filters: 'Filter the audit log',
  person: 'Person (e-mail)',
  action: 'Action',
  anyAction: 'Any action',
  from: 'From',
  to: 'To',
  show: 'Show',
  clear: 'Clear filters',
  export: 'Export CSV',
  exportLabel: 'Export CSV of the filtered rows',
  exported: 'The CSV file is saved',
  exportFailed: 'The CSV file could not be made',
  rangeRule: 'The start must not be after the end',
  failed: 'The audit log could not be loaded',
  empty: 'Nothing was recorded for these filters.',
  when: 'When',
  who: 'Who',
  what: 'What',
  changes: 'Before → after',
  nobody: 'the system',
  noChange: 'no field changed',
  value: 'value',
  empty_value: '(empty)',
  pages: 'Audit log pages',
} as const satisfies Catalogue;

const ru: Catalogue = {
  title: 'Журнал действий',
  intro: 'Все изменения, сделанные сотрудниками: кто, что, когда и значения до и после.',
  superuserOnly:
    'Журнал действий доступен только суперпользователю. Если вам нужна запись об изменении, попросите его.',
  filters: 'Фильтры журнала действий',
  person: 'Кто (почта)',
  action: 'Действие',
  anyAction: 'Любое действие',
  from: 'С',
  to: 'По',
  show: 'Показать',
  clear: 'Сбросить фильтры',
  export: 'Выгрузить CSV',
  exportLabel: 'Выгрузить CSV с отфильтрованными записями',
  exported: 'Файл CSV сохранён',
  exportFailed: 'Не удалось сделать файл CSV',
  rangeRule: 'Начало не может быть позже конца',
  failed: 'Не удалось загрузить журнал действий',
  empty: 'По этим фильтрам ничего не записано.',
  when: 'Когда',
  who: 'Кто',
  what: 'Что',
  changes: 'До → после',
  nobody: 'система',
  noChange: 'поля не изменились',
  value: 'значение',
  empty_value: '(пусто)',
  pages: 'Страницы журнала действий',
};

const messages = defineMessages(AUDIT_NAMESPACE, { en, ru });

export type AuditKey = MessageKey<typeof en>;
export const AUDIT_MESSAGES = messages.catalogues;
/** The audit screen's translate function in components; re-renders when the language changes. */
export const useAuditT = messages.useMessages;
