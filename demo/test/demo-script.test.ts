import {
  DEMO_FREE_EPISODES,
  DEMO_MAX_COIN_COST,
  DEMO_MIN_COIN_COST,
  DEMO_SCRIPT,
  demoEpisodeCoinCost,
} from '../src/demo-script';

const { categories, series } = DEMO_SCRIPT;

describe('the demo script', () => {
  it('has at least 12 series across at least 6 categories, each category used', () => {
    expect(series.length).toBeGreaterThanOrEqual(12);
    expect(categories.length).toBeGreaterThanOrEqual(6);
    const used = new Set(series.flatMap((s) => s.categorySlugs));
    for (const category of categories) expect(used).toContain(category.slug);
  });

  it('gives every category a name, a slug, an emoji and a #rrggbb colour', () => {
    for (const category of categories) {
      expect(category.name.length).toBeGreaterThan(0);
      expect(category.slug).toMatch(/^[a-z0-9-]+$/);
      expect(category.icon).toMatch(/\p{Extended_Pictographic}/u);
      expect(category.color).toMatch(/^#[0-9a-f]{6}$/i);
    }
  });

  it('uses unique slugs and known categories', () => {
    expect(new Set(series.map((s) => s.slug)).size).toBe(series.length);
    const known = new Set(categories.map((c) => c.slug));
    for (const s of series) for (const slug of s.categorySlugs) expect(known).toContain(slug);
  });

  it('gives every series 8 titled, described episodes and sensible metadata', () => {
    for (const s of series) {
      expect(s.episodes).toHaveLength(8);
      for (const episode of s.episodes) {
        expect(episode.title.length).toBeGreaterThan(0);
        expect(episode.description.length).toBeGreaterThan(20);
      }
      expect(s.description.length).toBeGreaterThan(40);
      expect(s.tags.length).toBeGreaterThan(0);
      expect(s.rating).toBeGreaterThanOrEqual(0);
      expect(s.rating).toBeLessThanOrEqual(10);
      expect(s.year).toBeGreaterThan(2000);
    }
  });

  it('makes episodes 1–3 free and prices the rest between 5 and 15 coins', () => {
    expect(DEMO_FREE_EPISODES).toBe(3);
    for (const s of series) {
      s.episodes.forEach((_, index) => {
        const cost = demoEpisodeCoinCost(s, index + 1);
        if (index + 1 <= DEMO_FREE_EPISODES) expect(cost).toBe(0);
        else {
          expect(cost).toBeGreaterThanOrEqual(DEMO_MIN_COIN_COST);
          expect(cost).toBeLessThanOrEqual(DEMO_MAX_COIN_COST);
        }
      });
    }
  });

  it('fills the shelves: 3 Gold exclusives, about 4 featured and trending, a few top', () => {
    expect(series.filter((s) => s.isGoldExclusive)).toHaveLength(3);
    expect(series.filter((s) => s.isFeatured).length).toBeGreaterThanOrEqual(3);
    expect(series.filter((s) => s.isTrending).length).toBeGreaterThanOrEqual(3);
    expect(series.filter((s) => s.isTop).length).toBeGreaterThanOrEqual(2);
  });
});
