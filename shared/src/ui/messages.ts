/**
 * The shared UI kit's own words (spinners, the retry button of an error notice), registered as the `ui`
 * namespace when the kit loads, so every remote that renders the kit has them.
 */
import { type Catalogue, defineMessages, type MessageKey } from '../i18n';

export const UI_NAMESPACE = 'ui';

const en = {
  loading: 'Loading…',
  loadingProduct: 'Loading {{product}}…',
  tryAgain: 'Try again',
  'session.connecting': 'Connecting your session…',
  'session.connectingButton': 'Connecting…',
  'session.unavailableTitle': 'We could not connect your session',
  'session.unavailableBody':
    'Unlocking episodes, buying coins, rewards and your account need our server, and it did not answer. Free episodes still play.',
} as const satisfies Catalogue;

const ru: Catalogue = {
  loading: 'Загрузка…',
  loadingProduct: 'Загружаем {{product}}…',
  tryAgain: 'Повторить',
  'session.connecting': 'Подключаем ваш сеанс…',
  'session.connectingButton': 'Подключаемся…',
  'session.unavailableTitle': 'Не удалось подключить ваш сеанс',
  'session.unavailableBody':
    'Чтобы открывать серии, покупать монеты, получать награды и входить в аккаунт, нужен наш сервер, а он не ответил. Бесплатные серии по-прежнему доступны.',
};

const messages = defineMessages(UI_NAMESPACE, { en, ru });

export type UiKey = MessageKey<typeof en>;
export const UI_MESSAGES = messages.catalogues;
/** The kit's translate function in components; re-renders when the language changes. */
export const useUiT = messages.useMessages;
/** The kit's words outside components, in the page's language at call time. */
export const uiT = messages.t;
