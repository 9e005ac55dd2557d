import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { CAPTIONS_MESSAGES, CAPTIONS_NAMESPACE } from './messages';

describe('the captions menu’s words', () => {
  it('exist in English and Russian with the same keys and nothing left untranslated', () => {
    expect(catalogueProblems(CAPTIONS_NAMESPACE, CAPTIONS_MESSAGES)).toEqual([]);
  });
  it('are registered by the player itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(CAPTIONS_NAMESPACE)).toBe(CAPTIONS_MESSAGES);
  });
});
