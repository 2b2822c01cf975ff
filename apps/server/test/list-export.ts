import { expect } from 'vitest';
import { readSheet } from '../src/lib/xlsx.ts';
import type { Caller } from './test-app.ts';

/** A list's export as a console in a language downloads it: its titles, and each row by title. */
export async function listExportIn(
  call: Caller,
  url: string,
  acceptLanguage: string,
): Promise<{ titles: string[]; rows: Record<string, string>[] }> {
  const file = await call('GET', url, undefined, { 'accept-language': acceptLanguage });
  expect(file.statusCode, file.body).toBe(200);
  const [titles = [], ...cells] = await readSheet(file.rawPayload, 'export.xlsx', 'file');
  return {
    titles,
    rows: cells.map((row) => Object.fromEntries(titles.map((title, index) => [title, row[index] ?? '']))),
  };
}

/** The titles of a list's sales figures in its English file (`periodFigureColumns`), in their order. */
export const FIGURE_TITLES_EN = [
  'Net sales today (yuan)',
  'Orders today',
  'Water today (ml)',
  'Net sales this week (yuan)',
  'Orders this week',
  'Water this week (ml)',
  'Net sales this month (yuan)',
  'Orders this month',
  'Water this month (ml)',
];
