import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { SETTINGS_MESSAGES, SETTINGS_NAMESPACE } from './messages';

describe('the settings’ words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(SETTINGS_NAMESPACE, SETTINGS_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(SETTINGS_NAMESPACE)).toBe(SETTINGS_MESSAGES);
  });
});
