import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { ADMIN_MEDIA_MESSAGES, ADMIN_MEDIA_NAMESPACE } from './messages';

describe('the media screens’ words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(ADMIN_MEDIA_NAMESPACE, ADMIN_MEDIA_MESSAGES)).toEqual([]);
  });
  it('are registered by the remote itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(ADMIN_MEDIA_NAMESPACE)).toBe(ADMIN_MEDIA_MESSAGES);
  });
});
