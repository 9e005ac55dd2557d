/** What the staff area says when its session ends or an account lacks staff rights (`admin-sync`). */
import { type Catalogue, defineMessages, type MessageKey } from '@cliffhanger/shared';

export const SYNC_NAMESPACE = 'admin-sync';

const en = {
  'ended.title': 'Please sign in again',
  'ended.message': 'Your staff session has ended. Sign in to continue.',
  'refused.title': 'Staff access needed',
  'refused.message': 'This account cannot use the staff area. Sign in with a staff account.',
} as const satisfies Catalogue;

const ru: Catalogue = {
  'ended.title': 'Пожалуйста, войдите снова',
  'ended.message': 'Ваш сеанс сотрудника завершён. Войдите, чтобы продолжить.',
  'refused.title': 'Нужен доступ сотрудника',
  'refused.message': 'Этот аккаунт не может работать в разделе для сотрудников. Войдите с аккаунтом сотрудника.',
};

const messages = defineMessages(SYNC_NAMESPACE, { en, ru });

export type SyncKey = MessageKey<typeof en>;
export const SYNC_MESSAGES = messages.catalogues;
/** The staff area's toasts, in the page's language at the time they are shown. */
export const syncT = messages.t;
