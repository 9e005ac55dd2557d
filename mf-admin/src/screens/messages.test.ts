import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { SCREENS_MESSAGES, SCREENS_NAMESPACE } from './messages';

describe('the staff sign-in and registration words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(SCREENS_NAMESPACE, SCREENS_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(SCREENS_NAMESPACE)).toBe(SCREENS_MESSAGES);
  });
});
