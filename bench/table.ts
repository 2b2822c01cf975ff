/**
 * The table of the latest figures (bench/results.json) in docs/performance.md, between its two
 * markers: each figure beside its baseline from the same run, its ratio, its target and whether
 * it meets it.
 *
 *   npx tsx bench/table.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readResults, targetText } from './results.ts';

const DOC = path.join(import.meta.dirname, '../docs/performance.md');
const START = '<!-- figures: written by bench/table.ts from bench/results.json -->';
const END = '<!-- /figures -->';

export function writeTable(): void {
  const rows = Object.values(readResults()).map((figure) => {
    const baseline = figure.baseline ? `${figure.baseline.value} ${figure.unit} (${figure.baseline.name})` : '—';
    const ratio = figure.ratio === undefined ? '—' : `${figure.ratio}×`;
    const cells = [
      figure.name + (figure.detail ? `; ${figure.detail}` : ''),
      `**${figure.value} ${figure.unit}**`,
      baseline,
      ratio,
      targetText(figure),
      figure.met ? '✔' : '✖',
      `\`${figure.script}\`, ${figure.measuredAt.slice(0, 10)}`,
    ];
    return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
  });
  const table = [
    '| figure | latest | baseline, same run | ratio | target | met | script, date |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  const doc = readFileSync(DOC, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/performance.md has no ${START} … ${END} markers`);
  writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n${table}\n${doc.slice(end)}`);
}

if (process.argv[1] === import.meta.filename) writeTable();
