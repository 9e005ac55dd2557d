import { IMAGE_CACHE_TTL_MS } from '@cliffhanger/shared';
import { dataUrlBytes, fitInside, OptimisedImageCache } from './image-optimizer';

describe('the optimised image cache', () => {
  it('keeps at most 50 entries and drops the oldest 20% when full', () => {
    const cache = new OptimisedImageCache<number>(() => 0);
    for (let i = 0; i < 50; i += 1) cache.set(`image-${i}`, i);
    expect(cache.size).toBe(50);
    cache.set('image-50', 50);
    expect(cache.size).toBe(41);
    for (let i = 0; i < 10; i += 1) expect(cache.get(`image-${i}`)).toBeUndefined();
    expect(cache.get('image-10')).toBe(10);
    expect(cache.get('image-50')).toBe(50);
  });

  it('forgets an entry 24 hours after it was stored', () => {
    let now = 1_000;
    const cache = new OptimisedImageCache<string>(() => now);
    cache.set('poster', 'data:image/webp;base64,AAAA');
    now += IMAGE_CACHE_TTL_MS - 1;
    expect(cache.get('poster')).toBe('data:image/webp;base64,AAAA');
    now += 1;
    expect(cache.get('poster')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('refreshes an entry stored again instead of counting it twice', () => {
    const cache = new OptimisedImageCache<number>(() => 0);
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBe(2);
  });
});

describe('image sizing', () => {
  it('fits inside 1920×1080 keeping the shape, and never enlarges', () => {
    expect(fitInside(3840, 2160)).toEqual({ width: 1920, height: 1080 });
    expect(fitInside(1080, 1920)).toEqual({ width: 608, height: 1080 });
    expect(fitInside(640, 360)).toEqual({ width: 640, height: 360 });
  });

  it('measures the bytes behind a base64 address', () => {
    const bytes = btoa('x'.repeat(1000));
    expect(dataUrlBytes(`data:image/webp;base64,${bytes}`)).toBe(1000);
  });
});
