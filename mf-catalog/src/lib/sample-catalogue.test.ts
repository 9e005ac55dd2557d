import { readStored } from '@cliffhanger/shared';
import { findSampleSeries, SAMPLE_EPISODES, SAMPLE_SERIES, storeSampleCatalogue } from './sample-catalogue';

afterEach(() => localStorage.clear());

describe('the sample catalogue fallback', () => {
  it('stores the sample series and episodes under allSeries and episodes, readable as typed records', () => {
    storeSampleCatalogue();
    expect(readStored('allSeries')).toEqual(SAMPLE_SERIES);
    expect(readStored('episodes')).toEqual(SAMPLE_EPISODES);
  });

  it('finds a sample series and its episodes from what was stored', () => {
    const [first] = SAMPLE_SERIES;
    if (!first) throw new Error('no sample series');
    storeSampleCatalogue();
    const found = findSampleSeries(first.id);
    expect(found?.series.title).toBe(first.title);
    expect(found?.episodes.map((e) => e.episode_number)).toEqual([1, 2, 3]);
  });

  it('falls back to the built-in copy when the stored collections are corrupt, and drops them', () => {
    localStorage.setItem('allSeries', '[{"name":"no id"}]');
    localStorage.setItem('episodes', 'not json');
    const found = findSampleSeries(SAMPLE_SERIES[1]?.id ?? 0);
    expect(found?.series).toEqual(SAMPLE_SERIES[1]);
    expect(found?.episodes).toHaveLength(3);
    expect(localStorage.getItem('allSeries')).toBeNull();
    expect(localStorage.getItem('episodes')).toBeNull();
  });
});
