import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { RELEASES_MESSAGES, RELEASES_NAMESPACE } from './messages';

describe('the releases’ words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(RELEASES_NAMESPACE, RELEASES_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(RELEASES_NAMESPACE)).toBe(RELEASES_MESSAGES);
  });
});
