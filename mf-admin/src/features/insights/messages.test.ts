import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { INSIGHTS_MESSAGES, INSIGHTS_NAMESPACE } from './messages';

describe('the dashboard’s and analytics’ words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(INSIGHTS_NAMESPACE, INSIGHTS_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(INSIGHTS_NAMESPACE)).toBe(INSIGHTS_MESSAGES);
  });
});
