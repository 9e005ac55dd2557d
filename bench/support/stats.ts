/**
 * What every bench shares: figures are medians of samples measured alternately against a bare
 * baseline in the same run (so a change of machine load hits both), printed as a ratio beside the
 * absolute figures and the load average, and checked against the goal.
 */
import { loadavg } from 'node:os';

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no samples');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** `product / baseline`; a baseline of 0 has no ratio. */
export function ratio(product: number, baseline: number): number {
  if (!(baseline > 0)) throw new Error(`no ratio against a baseline of ${baseline}`);
  return product / baseline;
}

/**
 * The order in which `rounds` samples of each of `names` are taken: each round visits every name, and
 * every other round goes backwards (A B, B A, A B …), so neither is always first after a pause and a
 * steady drift of machine load cancels out over two rounds.
 */
export function alternationOrder<T>(names: readonly T[], rounds: number): T[] {
  const order: T[] = [];
  for (let round = 0; round < rounds; round += 1) order.push(...(round % 2 ? [...names].reverse() : names));
  return order;
}

/** Runs `measure` for each name in alternation order and answers the samples of each name. */
export async function alternate<T extends string>(
  names: readonly T[],
  rounds: number,
  measure: (name: T, round: number) => Promise<number>,
): Promise<Record<T, number[]>> {
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<T, number[]>;
  const seen = new Map<T, number>();
  for (const name of alternationOrder(names, rounds)) {
    const round = seen.get(name) ?? 0;
    seen.set(name, round + 1);
    samples[name].push(await measure(name, round));
  }
  return samples;
}

export type Direction = 'at most' | 'at least';

/** One printed figure: the product's median beside its baseline's, their ratio, and the goal. */
export interface Figure {
  name: string;
  product: number;
  baseline: number;
  unit: string;
  /** The goal on `product / baseline` ('at most' for times, 'at least' for rates); none: shown only. */
  goal?: { direction: Direction; ratio: number };
  samples: number;
  /** A figure whose goal is not a ratio (frames, kilobytes) gives its own value and goal here. */
  absolute?: { value: number; goal: number; unit: string };
}

export function meetsGoal(figure: Figure): boolean {
  if (!figure.goal) return true;
  const { direction, ratio: limit } = figure.goal;
  const value = figure.absolute ? figure.absolute.value : ratio(figure.product, figure.baseline);
  const goal = figure.absolute ? figure.absolute.goal : limit;
  return direction === 'at most' ? value <= goal : value >= goal;
}

export function loadAverage(): string {
  return loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');
}

const round = (value: number) => (Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 10) / 10);

/** The results table: ratio first, absolute figures in brackets, the goal and whether it is met. */
export function formatTable(title: string, figures: readonly Figure[], load = loadAverage()): string {
  const rows = figures.map((figure) => {
    const measured = figure.absolute
      ? `${round(figure.absolute.value)} ${figure.absolute.unit}`
      : `${ratio(figure.product, figure.baseline).toFixed(2)}×`;
    const sign = figure.goal?.direction === 'at most' ? '≤' : '≥';
    const goal = !figure.goal
      ? '—'
      : figure.absolute
        ? `${sign} ${figure.absolute.goal} ${figure.absolute.unit}`
        : `${sign} ${figure.goal.ratio}×`;
    const brackets = `(${round(figure.product)} vs ${round(figure.baseline)} ${figure.unit}, median of ${figure.samples})`;
    return [figure.name, measured, brackets, goal, figure.goal ? (meetsGoal(figure) ? 'met' : 'MISSED') : ''];
  });
  const header = ['figure', 'result', '(product vs bare, absolute)', 'goal', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [`${title}  [load average ${load}]`, line(header), ...rows.map(line)].join('\n');
}

/** Quick mode (BENCH_QUICK=1): few samples, short loads — proves the script runs and prints its table. */
export const QUICK = process.env.BENCH_QUICK === '1';
