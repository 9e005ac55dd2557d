import { catalogueProblems, registeredCatalogues } from '@cliffhanger/shared';
import { SHELL_MESSAGES, SHELL_NAMESPACE } from './messages';

describe('the shell’s words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(SHELL_NAMESPACE, SHELL_MESSAGES)).toEqual([]);
  });
  it('are registered as the shell’s own namespace when the shell loads', () => {
    expect(registeredCatalogues().get(SHELL_NAMESPACE)).toBe(SHELL_MESSAGES);
  });
});
