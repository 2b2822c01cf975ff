import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './api.ts';

/** Chooses an option of the open antd select or tree select by its text. */
export async function pickOption(page: Page, text: string) {
  await page.locator('.ant-select-dropdown:visible').getByTitle(text, { exact: true }).click();
}

/** The short message a finished action shows ("Created", "Deleted"). */
export function notice(page: Page, text: string): Locator {
  return page.getByRole('alert').getByText(text, { exact: true });
}

/** The methods of the writes (anything but GET) the page sends to `path`, as they happen. */
export function recordWrites(page: Page, path: string): string[] {
  const writes: string[] = [];
  page.on('request', (call) => {
    if (new URL(call.url()).pathname === path && call.method() !== 'GET') writes.push(call.method());
  });
  return writes;
}

/** Answers the "Delete “name”?" question with Delete, after checking what it warns about. */
export async function confirmDelete(page: Page, name: string, warning: string | RegExp) {
  const question = page.getByRole('dialog', { name: `Delete “${name}”?` });
  await expect(question).toContainText(warning);
  await question.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(question).toBeHidden();
}

/** The cell of a row under the column headed `header` (the header row and the body rows line up). */
export async function cellUnder(table: Locator, row: Locator, header: string): Promise<Locator> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(header);
  expect(index, `no column "${header}" in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

interface Row {
  id: number;
  [field: string]: unknown;
}

/** The rows of a list call whose `field` is exactly `value` (the server's searches match parts). */
async function rowsWhere(
  api: Api,
  url: string,
  params: Record<string, string | number>,
  field: string,
  value: string,
): Promise<Row[]> {
  const answer = await api.get(url, params);
  expect(answer.ok(), await answer.text()).toBe(true);
  const { content } = (await answer.json()) as { content: Row[] };
  return content.filter((row) => row[field] === value);
}

/** The id of the one row of a list call whose `field` is exactly `value`. */
export async function idOf(...query: Parameters<typeof rowsWhere>) {
  const [found] = await rowsWhere(...query);
  if (!found) throw new Error(`${query[1]}: nothing with ${query[3]} "${query[4]}"`);
  return found.id;
}

/** How many rows of a list call have `field` exactly `value`. */
export async function countNamed(...query: Parameters<typeof rowsWhere>) {
  return (await rowsWhere(...query)).length;
}

/** Deletes dictionaries, departments and jobs a journey made, by name; those already gone are skipped. */
export async function removeNamed(api: Api, names: { dicts?: string[]; depts?: string[]; jobs?: string[] }) {
  const remove = async (url: string, params: Record<string, string | number>, value: string) => {
    const answer = await api.get(url, { ...params, page: 0, size: 50 });
    if (!answer.ok()) return;
    const { content } = (await answer.json()) as { content: Row[] };
    const ids = content.filter((row) => row.name === value).map((row) => row.id);
    if (ids.length > 0) await api.delete(url, ids);
  };
  for (const name of names.dicts ?? []) await remove('api/dict', { blurry: name }, name);
  for (const name of names.depts ?? []) await remove('api/dept', { name }, name);
  for (const name of names.jobs ?? []) await remove('api/job', { name }, name);
}
