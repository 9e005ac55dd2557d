import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { LAYOUT_MESSAGES, LAYOUT_NAMESPACE } from './messages';

describe('the staff sections’ and pager’s words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(LAYOUT_NAMESPACE, LAYOUT_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(LAYOUT_NAMESPACE)).toBe(LAYOUT_MESSAGES);
  });
});
