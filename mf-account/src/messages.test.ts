import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { ACCOUNT_MESSAGES, ACCOUNT_NAMESPACE } from './messages';

describe('the account’s words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(ACCOUNT_NAMESPACE, ACCOUNT_MESSAGES)).toEqual([]);
  });
  it('are registered by the remote itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(ACCOUNT_NAMESPACE)).toBe(ACCOUNT_MESSAGES);
  });
});
