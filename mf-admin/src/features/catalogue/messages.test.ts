import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { ADMIN_CATALOGUE_MESSAGES, ADMIN_CATALOGUE_NAMESPACE } from './messages';

describe('the staff catalogue’s words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(ADMIN_CATALOGUE_NAMESPACE, ADMIN_CATALOGUE_MESSAGES)).toEqual([]);
  });
  it('are registered by the remote itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(ADMIN_CATALOGUE_NAMESPACE)).toBe(ADMIN_CATALOGUE_MESSAGES);
  });
});
