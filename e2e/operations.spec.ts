import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { zip } from '../apps/server/test/file-bytes.ts';
import { uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { fitsScreenWidth, sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { notice } from './support/system-pages.ts';

test.use({ signedIn: true });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Uploads one file through the page's dialog, with notes, as staff would. */
async function upload(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  notes: string,
) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByLabel('Notes').fill(notes);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  return dialog;
}

test('operations: a package uploaded twice becomes two versions with notes and checksums, downloaded as uploaded; a script must be SQL', async ({
  page,
}) => {
  const suffix = uniqueSuffix();
  const name = `console-${suffix}.zip`;
  const builds = [zip('app.js', Buffer.from('console.log(1)')), zip('app.js', Buffer.from('console.log(2)'))];
  await openConsole(page, '/sys-tools/operations');
  await expect(page.getByText(/The console never unpacks, runs or executes them/)).toBeVisible();

  await upload(page, 'Upload a package', { name, mimeType: 'application/zip', buffer: builds[0]! }, 'First build');
  await expect(notice(page, 'Uploaded')).toBeVisible();
  // The first notice goes first: the second upload's own is then the one seen (a slow upload may outlive the first).
  await expect(notice(page, 'Uploaded')).toHaveCount(0);
  await upload(
    page,
    'Upload a package',
    { name, mimeType: 'application/zip', buffer: builds[1]! },
    'Fixes the login page',
  );
  await expect(notice(page, 'Uploaded')).toBeVisible();

  const table = page.getByRole('region', { name: 'Deployment packages' });
  await page.getByPlaceholder('Part of the name or notes').fill(suffix);
  await page.getByRole('button', { name: 'Search' }).click();
  const second = table.getByRole('row', { name: /Fixes the login page/ });
  await expect(second).toContainText('v2');
  await expect(second).toContainText(sha256(builds[1]!).slice(0, 12));
  await expect(second).toContainText('admin');
  await expect(table.getByRole('row', { name: /First build/ })).toContainText('v1');

  // The download is the uploaded file, named with its version.
  const downloading = page.waitForEvent('download');
  await second.getByRole('button', { name: `Download ${name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`console-${suffix}-v2.zip`);
  expect(sha256(await readFile((await download.path()) as string))).toBe(sha256(builds[1]!));

  // Scripts are their own list; a picture named .sql is refused on its field and nothing is kept.
  await page.getByText('Database scripts', { exact: true }).click();
  const scripts = page.getByRole('region', { name: 'Database scripts' });
  const script = `add-index-${suffix}.sql`;
  const refused = await upload(
    page,
    'Upload a script',
    { name: script, mimeType: 'application/sql', buffer: zip('x', Buffer.from('x')) },
    'Not a script',
  );
  await expect(refused.getByText('Not in the expected form')).toBeVisible();
  await expect(refused.getByText('Accepted: .sql.', { exact: false })).toBeVisible();
  await refused.locator('input[type=file]').setInputFiles({
    name: script,
    mimeType: 'application/sql',
    buffer: Buffer.from('CREATE INDEX sale_time ON sale (time);\n'),
  });
  await refused.getByRole('button', { name: 'Upload' }).click();
  await expect(refused).toBeHidden();
  await expect(scripts.getByRole('row', { name: new RegExp(script) })).toContainText('v1');
  await expect(scripts.getByRole('row', { name: /Not a script/ })).toHaveCount(1);
});

for (const language of ['en', 'zh'] as const) {
  test.describe(`operations page in ${language}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'zh-CN' });

    test(`screenshots of the operations page (${language}) @phone`, async ({ page, admin, request }) => {
      const suffix = uniqueSuffix();
      for (const [file, notes] of [
        [`water-console-${suffix}.zip`, language === 'en' ? 'Release 2.4: refunds page' : '2.4 版：退款页面'],
        [`gateway-${suffix}.jar`, language === 'en' ? 'Gateway with the new price policy' : '新价格策略的网关'],
      ] as const) {
        const answer = await request.post('api/deploy/upload', {
          headers: { Authorization: admin.token },
          params: { notes },
          multipart: { file: { name: file, mimeType: 'application/zip', buffer: zip('app.js', Buffer.from(file)) } },
        });
        expect(answer.status(), await answer.text()).toBe(201);
      }
      await openConsole(page, '/sys-tools/operations', language === 'en' ? 'en' : 'zh-CN');
      const table = page.getByRole('region', { name: language === 'en' ? 'Deployment packages' : '部署包' });
      await expect(table.getByRole('row', { name: new RegExp(`gateway-${suffix}`) })).toBeVisible();
      await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
      await page.screenshot({ path: shot(`operations-${language}`) });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      const button = language === 'en' ? 'Upload a package' : '上传部署包';
      await page.getByRole('button', { name: button }).click();
      const dialog = page.getByRole('dialog', { name: button });
      await expect(dialog).toBeVisible();
      await page.screenshot({ path: shot(`operations-upload-${language}`) });
      expect(await fitsScreenWidth(page, dialog)).toBe(true);
    });
  });
}
