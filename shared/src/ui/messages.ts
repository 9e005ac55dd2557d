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
} as const satisfies Catalogue;

const ru: Catalogue = {
  loading: 'Загрузка…',
  loadingProduct: 'Загружаем {{product}}…',
  tryAgain: 'Повторить',
};

const messages = defineMessages(UI_NAMESPACE, { en, ru });

export type UiKey = MessageKey<typeof en>;
export const UI_MESSAGES = messages.catalogues;
/** The kit's translate function in components; re-renders when the language changes. */
export const useUiT = messages.useMessages;
/** The kit's words outside components, in the page's language at call time. */
export const uiT = messages.t;
