import { localizedCategoryName } from './localized-text';

describe('a genre name in the viewer language', () => {
  const romance = { name: 'Romance', translations: { ru: { title: 'Романтика' } } };

  it('is the translation when one is written', () => {
    expect(localizedCategoryName(romance, 'ru')).toBe('Романтика');
  });

  it('is the name staff wrote for other languages, an empty translation or none at all', () => {
    expect(localizedCategoryName(romance, 'en')).toBe('Romance');
    expect(localizedCategoryName({ name: 'Romance', translations: { ru: { title: '  ' } } }, 'ru')).toBe('Romance');
    expect(localizedCategoryName({ name: 'Romance' }, 'ru')).toBe('Romance');
    expect(localizedCategoryName({ name: 'Romance', translations: null }, 'ru')).toBe('Romance');
  });
});
