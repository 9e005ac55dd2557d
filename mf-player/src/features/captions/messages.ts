/**
 * The captions menu's own words, registered as the `player-captions` namespace when the player loads.
 * Track labels come from the API as staff wrote them (each language's own name by default).
 */
import { type Catalogue, defineMessages } from '@cliffhanger/shared';

export const CAPTIONS_NAMESPACE = 'player-captions';

const en = {
  button: 'Captions (CC)',
  buttonOn: 'Captions (CC): {{label}}',
  menu: 'Captions',
  languages: 'Captions language',
  off: 'Off',
  size: 'Text size',
  'size.small': 'Small',
  'size.medium': 'Medium',
  'size.large': 'Large',
} satisfies Catalogue;

const ru: Catalogue = {
  button: 'Субтитры (CC)',
  buttonOn: 'Субтитры (CC): {{label}}',
  menu: 'Субтитры',
  languages: 'Язык субтитров',
  off: 'Выкл.',
  size: 'Размер текста',
  'size.small': 'Мелкий',
  'size.medium': 'Средний',
  'size.large': 'Крупный',
};

const messages = defineMessages(CAPTIONS_NAMESPACE, { en, ru });

export const CAPTIONS_MESSAGES = messages.catalogues;
/** The captions menu's translate function in components; re-renders when the language changes. */
export const useCaptionsT = messages.useMessages;
