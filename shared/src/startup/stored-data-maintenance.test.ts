import {
  isTestSeries,
  isTestTeaser,
  migrateMediaRegionIn,
  migrateStoredMediaRegion,
  removeStoredTestData,
} from './stored-data-maintenance';

beforeEach(() => localStorage.clear());

describe('media region migration', () => {
  it('moves stored media addresses from the nyc3 region to sfo3', () => {
    localStorage.setItem(
      'series',
      JSON.stringify([
        { id: 1, title: 'nyc3 nights', cover_image: 'https://media.nyc3.digitaloceanspaces.com/c/nyc3.jpg' },
      ]),
    );
    expect(migrateStoredMediaRegion()).toBe(1);
    const [series] = JSON.parse(localStorage.getItem('series') ?? '[]');
    expect(series.cover_image).toBe('https://media.sfo3.digitaloceanspaces.com/c/nyc3.jpg');
    expect(series.title).toBe('nyc3 nights');
  });

  it('changes nothing that is not in the nyc3 region', () => {
    expect(migrateMediaRegionIn({ a: 'https://cdn.example.com/x.jpg', b: 3 })).toEqual({
      a: 'https://cdn.example.com/x.jpg',
      b: 3,
    });
    localStorage.setItem('episodes', JSON.stringify([{ video_url: '/media/1.m3u8' }]));
    expect(migrateStoredMediaRegion()).toBe(0);
  });
});

describe('test data cleanup', () => {
  it.each([
    [{ title: 'Test123' }, true],
    [{ title: 'My test 1 series' }, true],
    [{ title: 'Fine', slug: 'test-42' }, true],
    [{ title: 'Testament of love', slug: 'testament' }, false],
    [{ title: 'Latest drama', slug: 'latest-drama' }, false],
  ])('treats %o as test data: %s', (series, expected) => {
    expect(isTestSeries(series)).toBe(expected);
  });

  it('removes teasers whose series_title contains test', () => {
    expect(isTestTeaser({ series_title: 'A TEST teaser' })).toBe(true);
    expect(isTestTeaser({ series_title: 'Real teaser' })).toBe(false);
  });

  it('removes test series and teasers from stored collections and keeps the rest', () => {
    localStorage.setItem(
      'allSeries',
      JSON.stringify([
        { id: 1, title: 'Test7' },
        { id: 2, title: 'Revenge' },
      ]),
    );
    localStorage.setItem('teasers', JSON.stringify([{ series_title: 'test run' }, { series_title: 'Revenge' }]));
    expect(removeStoredTestData()).toBe(2);
    expect(JSON.parse(localStorage.getItem('allSeries') ?? '')).toEqual([{ id: 2, title: 'Revenge' }]);
    expect(JSON.parse(localStorage.getItem('teasers') ?? '')).toEqual([{ series_title: 'Revenge' }]);
  });
});
