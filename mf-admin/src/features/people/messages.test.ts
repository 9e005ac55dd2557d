import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { PEOPLE_MESSAGES, PEOPLE_NAMESPACE } from './messages';

describe('the users’ and subscriptions’ words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(PEOPLE_NAMESPACE, PEOPLE_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(PEOPLE_NAMESPACE)).toBe(PEOPLE_MESSAGES);
  });
});
