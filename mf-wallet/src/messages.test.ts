import { catalogueProblems, registeredCatalogues, SAME_IN_EVERY_LANGUAGE } from '@cliffhanger/shared';
import { WALLET_MESSAGES, WALLET_NAMESPACE } from './messages';

/** The product's full name reads the same in every language, like the brand itself. */
const SAME = new Set([...SAME_IN_EVERY_LANGUAGE, 'Cliffhanger Gold']);

describe('the wallet’s words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(WALLET_NAMESPACE, WALLET_MESSAGES, SAME)).toEqual([]);
  });
  it('are registered by the remote itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(WALLET_NAMESPACE)).toBe(WALLET_MESSAGES);
  });
  it('count coins in every sentence that shows a number, never a bare "{{count}}"', () => {
    for (const [language, catalogue] of Object.entries(WALLET_MESSAGES)) {
      for (const [key, text] of Object.entries(catalogue)) {
        if (/_(one|few|many|other)$/.test(key))
          expect([language, key, text.includes('{{count, number}}')]).toEqual([language, key, true]);
      }
    }
  });
});
