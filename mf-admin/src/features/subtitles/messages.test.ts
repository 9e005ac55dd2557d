import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { SUBTITLES_MESSAGES, SUBTITLES_NAMESPACE } from './messages';

describe('the subtitles panel’s words', () => {
  it('exist in English and Russian with the same keys and nothing left untranslated', () => {
    expect(catalogueProblems(SUBTITLES_NAMESPACE, SUBTITLES_MESSAGES)).toEqual([]);
  });
  it('are registered by the admin itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(SUBTITLES_NAMESPACE)).toBe(SUBTITLES_MESSAGES);
  });
});
