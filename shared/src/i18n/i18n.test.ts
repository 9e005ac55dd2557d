import { catalogueProblems } from './catalogue-check';
import { formatDate, formatMoney, formatNumber, formatRelativeTime } from './format';
import { currentLanguage, i18n, registerMessages, setLanguage, translator } from './i18n';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './languages';
import { formatPricePerPeriod } from './price-per-period';

// Intl separates thousands and currency with no-break spaces; compare on plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

registerMessages('sample', {
  en: { coins_one: '{{count}} coin', coins_other: '{{count}} coins' },
  ru: {
    coins_one: '{{count}} монета',
    coins_few: '{{count}} монеты',
    coins_many: '{{count}} монет',
    coins_other: '{{count}} монеты',
  },
});

afterEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('the first language', () => {
  it('is the one the viewer chose before, whatever the browser says', () => {
    expect(detectLanguage('ru', ['en-US'])).toBe('ru');
  });
  it('is the browser’s first supported language when nothing was chosen', () => {
    expect(detectLanguage(null, ['de-DE', 'ru-RU', 'en'])).toBe('ru');
    expect(detectLanguage(null, ['en-GB', 'ru'])).toBe('en');
  });
  it('is English when neither the choice nor the browser gives a supported one', () => {
    expect(detectLanguage('fr', ['de', 'ja-JP'])).toBe('en');
    expect(detectLanguage(undefined, [])).toBe('en');
  });
});

describe('switching the language', () => {
  it('remembers the choice in the browser and sets <html lang>', async () => {
    await setLanguage('ru');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    expect(currentLanguage()).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');
    await setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('coins are counted with each language’s plural rules', () => {
  it.each([
    [1, '1 монета'],
    [2, '2 монеты'],
    [4, '4 монеты'],
    [5, '5 монет'],
    [11, '11 монет'],
    [12, '12 монет'],
    [21, '21 монета'],
    [22, '22 монеты'],
    [25, '25 монет'],
    [111, '111 монет'],
  ])('%i in Russian reads "%s"', async (count, text) => {
    await setLanguage('ru');
    expect(translator('sample')('coins', { count })).toBe(text);
  });
  it('English says 1 coin and 2 coins', () => {
    const t = translator('sample');
    expect(t('coins', { count: 1 })).toBe('1 coin');
    expect(t('coins', { count: 2 })).toBe('2 coins');
  });
});

describe('counts in messages', () => {
  registerMessages('sample-number', {
    en: { coins_one: '{{count, number}} coin', coins_other: '{{count, number}} coins' },
    ru: {
      coins_one: '{{count, number}} монета',
      coins_few: '{{count, number}} монеты',
      coins_many: '{{count, number}} монет',
      coins_other: '{{count, number}} монеты',
    },
  });

  it('group thousands the language’s way', async () => {
    const t = translator('sample-number');
    expect(plain(t('coins', { count: 12500 }))).toBe('12,500 coins');
    await setLanguage('ru');
    expect(plain(t('coins', { count: 12500 }))).toBe('12 500 монет');
  });

  it('cost one number format per language, not one per count (a long list of prices stays quick to draw)', async () => {
    const t = translator('sample-number');
    const NumberFormat = Intl.NumberFormat;
    let built = 0;
    const counting = jest.spyOn(Intl, 'NumberFormat').mockImplementation(((
      ...args: ConstructorParameters<typeof NumberFormat>
    ) => {
      built += 1;
      return new NumberFormat(...args);
    }) as unknown as typeof NumberFormat);
    try {
      for (const language of ['en', 'ru'] as const) {
        await setLanguage(language);
        for (let count = 1; count <= 40; count += 1) t('coins', { count });
      }
    } finally {
      counting.mockRestore();
    }
    expect(built).toBeLessThanOrEqual(2);
  });
});

describe('numbers, money and dates follow the language', () => {
  it('groups thousands the local way', () => {
    expect(plain(formatNumber(12345.5, 'en'))).toBe('12,345.5');
    expect(plain(formatNumber(12345.5, 'ru'))).toBe('12 345,5');
  });
  it('writes roubles with the local sign and separators', () => {
    expect(plain(formatMoney(1490, 'rub', 'ru'))).toBe('1 490 ₽');
    expect(plain(formatMoney(99.5, 'rub', 'ru'))).toBe('99,50 ₽');
    expect(plain(formatMoney(1490, 'rub', 'en'))).toBe('RUB 1,490');
    expect(plain(formatMoney(4.99, 'usd', 'en'))).toBe('$4.99');
  });
  it("writes a plan's price per period one way, in the page's language, whatever the language on screen", () => {
    expect(plain(formatPricePerPeriod(299, 'rub', 'month', 'en'))).toBe('RUB 299 a month');
    expect(plain(formatPricePerPeriod(2490, 'rub', 'year', 'en'))).toBe('RUB 2,490 a year');
    expect(plain(formatPricePerPeriod(299, 'rub', 'month', 'ru'))).toBe('299 ₽ в месяц');
    expect(plain(formatPricePerPeriod(2490, null, 'year', 'ru'))).toBe('2 490 ₽ в год');
    expect(plain(formatPricePerPeriod(5, 'xx1', 'month', 'en'))).toBe('5 XX1 a month');
  });
  it('writes dates with local month names', () => {
    const date = new Date(Date.UTC(2026, 10, 25, 12));
    expect(formatDate(date, 'long', 'en')).toBe('November 25, 2026');
    expect(formatDate(date, 'long', 'ru')).toBe('25 ноября 2026 г.');
    expect(formatDate('not a date', 'long', 'en')).toBe('');
  });
  it('says how long ago in words', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    expect(formatRelativeTime(now - 3 * 24 * 3600_000, now, 'en')).toBe('3 days ago');
    expect(formatRelativeTime(now - 24 * 3600_000, now, 'ru')).toBe('вчера');
    expect(formatRelativeTime(now - 5 * 60_000, now, 'ru')).toBe('5 минут назад');
    expect(formatRelativeTime(now + 2 * 3600_000, now, 'ru')).toBe('через 2 часа');
  });
});

describe('a catalogue check', () => {
  it('passes a complete pair', () => {
    expect(
      catalogueProblems('sample', {
        en: { hi: 'Hello', brand: 'Cliffhanger', coins_one: 'coin', coins_other: 'coins' },
        ru: {
          hi: 'Здравствуйте',
          brand: 'Cliffhanger',
          coins_one: 'монета',
          coins_few: 'монеты',
          coins_many: 'монет',
          coins_other: 'монеты',
        },
      }),
    ).toEqual([]);
  });
  it('names a key one language lacks, a missing plural form and text left untranslated', () => {
    expect(
      catalogueProblems('sample', {
        en: { hi: 'Hello', bye: 'Goodbye', coins_one: 'coin', coins_other: 'coins' },
        ru: { hi: 'Hello', extra: 'Лишнее', coins_one: 'монета', coins_other: 'монеты' },
      }).sort(),
    ).toEqual(
      [
        'sample:bye is missing in "ru"',
        'sample:extra is missing in "en"',
        'sample:coins_few is missing in "ru"',
        'sample:coins_many is missing in "ru"',
        'sample:hi is not translated into "ru"',
      ].sort(),
    );
  });
});
