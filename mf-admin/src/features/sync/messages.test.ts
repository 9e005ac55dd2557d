import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { SYNC_MESSAGES, SYNC_NAMESPACE } from './messages';

describe('the words of an ended or refused staff session', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(SYNC_NAMESPACE, SYNC_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(SYNC_NAMESPACE)).toBe(SYNC_MESSAGES);
  });
});
