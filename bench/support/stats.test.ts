/**
 * The bench's arithmetic: a figure is the median of its samples, its ratio is product over bare,
 * the two are sampled in alternation, and the table says whether each goal is met.
 */
import { alternate, alternationOrder, type Figure, formatTable, median, meetsGoal, ratio } from './stats';

describe('median', () => {
  it('is the middle sample of an odd count and the mean of the middle two of an even count', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('is not moved by one outlier', () => {
    expect(median([100, 101, 99, 5000, 102])).toBe(101);
  });

  it('refuses no samples rather than inventing a figure', () => {
    expect(() => median([])).toThrow(/no samples/);
  });
});

describe('ratio', () => {
  it('is the product over the bare baseline', () => {
    expect(ratio(300, 200)).toBe(1.5);
    expect(ratio(7000, 10000)).toBeCloseTo(0.7);
  });

  it('refuses a baseline of zero', () => {
    expect(() => ratio(1, 0)).toThrow(/baseline of 0/);
  });
});

describe('alternation', () => {
  it('visits every name each round, reversing every other round', () => {
    expect(alternationOrder(['product', 'bare'], 4)).toEqual([
      'product',
      'bare',
      'bare',
      'product',
      'product',
      'bare',
      'bare',
      'product',
    ]);
    expect(alternationOrder(['a', 'b', 'c'], 2)).toEqual(['a', 'b', 'c', 'c', 'b', 'a']);
  });

  it('collects each name its own samples in the order they were taken', async () => {
    const taken: string[] = [];
    const samples = await alternate(['product', 'bare'] as const, 3, async (name, round) => {
      taken.push(`${name}${round}`);
      return name === 'product' ? 10 + round : 20 + round;
    });
    expect(taken).toEqual(['product0', 'bare0', 'bare1', 'product1', 'product2', 'bare2']);
    expect(samples).toEqual({ product: [10, 11, 12], bare: [20, 21, 22] });
  });

  it('cancels a steady drift of machine load: equal servers come out at 1×', async () => {
    let clock = 0;
    // Every measurement is 1 ms slower than the one before, whoever is measured.
    const samples = await alternate(['product', 'bare'] as const, 10, async () => 100 + clock++);
    expect(ratio(median(samples.product), median(samples.bare))).toBeCloseTo(1, 2);
  });
});

describe('the results table', () => {
  const figure = (product: number, baseline: number, direction: 'at most' | 'at least', goal: number): Figure => ({
    name: 'figure',
    product,
    baseline,
    unit: 'ms',
    goal: { direction, ratio: goal },
    samples: 5,
  });

  it('meets an at-most goal at or under it and an at-least goal at or over it', () => {
    expect(meetsGoal(figure(130, 100, 'at most', 1.3))).toBe(true);
    expect(meetsGoal(figure(131, 100, 'at most', 1.3))).toBe(false);
    expect(meetsGoal(figure(70, 100, 'at least', 0.7))).toBe(true);
    expect(meetsGoal(figure(69, 100, 'at least', 0.7))).toBe(false);
  });

  it('judges a figure with its own absolute goal by that value', () => {
    const frames = { ...figure(30, 16.7, 'at most', 2), absolute: { value: 1.8, goal: 2, unit: 'frames' } };
    expect(meetsGoal(frames)).toBe(true);
    expect(meetsGoal({ ...frames, absolute: { value: 2.5, goal: 2, unit: 'frames' } })).toBe(false);
  });

  it('prints the ratio, the absolute figures in brackets, the goal, the verdict and the load average', () => {
    const text = formatTable(
      'API',
      [{ ...figure(6000, 8000, 'at least', 0.7), name: 'list', unit: 'req/s' }],
      '1.00 2.00 3.00',
    );
    expect(text).toContain('[load average 1.00 2.00 3.00]');
    expect(text).toMatch(/list\s+0\.75×\s+\(6000 vs 8000 req\/s, median of 5\)\s+≥ 0\.7×\s+met/);
    const missed = formatTable('API', [figure(400, 200, 'at most', 1.3)], '0 0 0');
    expect(missed).toMatch(/2\.00×.*≤ 1\.3×\s+MISSED/);
  });
});
