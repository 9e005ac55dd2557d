import { catalogueProblems, registeredCatalogues } from '../i18n';
import { UI_MESSAGES, UI_NAMESPACE } from './messages';

describe('the UI kit’s words', () => {
  it('exist in English and Russian with the same keys and nothing left untranslated', () => {
    expect(catalogueProblems(UI_NAMESPACE, UI_MESSAGES)).toEqual([]);
  });
  it('are registered by the kit itself, so every remote that renders it has them', () => {
    expect(registeredCatalogues().get(UI_NAMESPACE)).toBe(UI_MESSAGES);
  });
});
