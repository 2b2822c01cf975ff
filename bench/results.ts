/**
 * What every benchmark reports: a figure beside its baseline from the same run, and its target.
 * Each figure is printed as one line and merged into `bench/results.json` under its key, so the
 * file holds the latest run of every script (a script run alone replaces only its own figures).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Figure {
  /** What is measured, as the table in docs/performance.md names it. */
  name: string;
  value: number;
  unit: string;
  /** The same measure of the baseline in the same run, where there is one. */
  baseline?: { name: string; value: number };
  /** The figure's target: `value` (or the ratio to the baseline, with `ratio`) compared to `limit`. */
  target: { compare: '<=' | '>='; limit: number; of: 'value' | 'ratio' };
  /** Anything that helps read the figure (the spread, the steps). */
  detail?: string;
  /**
   * The ratio to the baseline where it is not `value` ÷ the baseline's: the median of the ratios
   * of rounds that measured both side by side.
   */
  ratio?: number;
}

export interface RecordedFigure extends Figure {
  met: boolean;
  measuredAt: string;
  /** The script that measured it, under bench/. */
  script: string;
}

export const RESULTS_FILE = path.join(import.meta.dirname, 'results.json');

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The figure with its ratio and whether it meets its target. */
export function judge(figure: Figure, now = new Date()): RecordedFigure {
  const ratio = figure.baseline ? round(figure.ratio ?? figure.value / figure.baseline.value) : undefined;
  const measured = figure.target.of === 'ratio' ? ratio : figure.value;
  if (measured === undefined) throw new Error(`${figure.name}: a target on the ratio needs a baseline`);
  const met = figure.target.compare === '<=' ? measured <= figure.target.limit : measured >= figure.target.limit;
  return {
    ...figure,
    value: round(figure.value),
    ...(ratio === undefined ? {} : { ratio }),
    met,
    measuredAt: now.toISOString(),
    script: path.basename(process.argv[1] ?? 'unknown'),
  };
}

/** One line: ✔ or ✖, the figure, the baseline and ratio, the target. */
export function describe(figure: RecordedFigure): string {
  const value = `${figure.value} ${figure.unit}`;
  const baseline = figure.baseline
    ? `; ${figure.baseline.name} ${figure.baseline.value} ${figure.unit}, ratio ${figure.ratio}×`
    : '';
  const detail = figure.detail ? ` (${figure.detail})` : '';
  return `${figure.met ? '✔' : '✖'} ${figure.name}: ${value}${baseline}; target ${targetText(figure)}${detail}`;
}

/** The target as a reader says it: `≤ 200 MiB`, `ratio ≥ 0.8`. */
export function targetText(figure: Figure): string {
  const sign = figure.target.compare === '<=' ? '≤' : '≥';
  return figure.target.of === 'ratio'
    ? `ratio ${sign} ${figure.target.limit}`
    : `${sign} ${figure.target.limit} ${figure.unit}`;
}

/** Every figure recorded so far, by key. */
export function readResults(): Record<string, RecordedFigure> {
  return existsSync(RESULTS_FILE) ? JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) : {};
}

/** Prints the figure and writes it into bench/results.json under `key`. */
export function record(key: string, figure: Figure): RecordedFigure {
  const judged = judge(figure);
  console.log(describe(judged));
  const results = readResults();
  results[key] = judged;
  const sorted = Object.fromEntries(Object.entries(results).sort(([a], [b]) => a.localeCompare(b)));
  const temporary = `${RESULTS_FILE}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(temporary, RESULTS_FILE);
  return judged;
}

/** The value below which the fraction `q` of `values` lies (0.5: the median, 0.99: the p99). */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;
}

export const median = (values: number[]) => quantile(values, 0.5);
