import type { APIRequestContext } from '@playwright/test';
import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { fitsScreenWidth, sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { notice, pickOption } from './support/system-pages.ts';

test.use({ signedIn: true });

/** A real 8×8 PNG, a colour gradient. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAbElEQVR4nA3JQQEAMAgDMaRUClIqpVKQwvNkIGXLN1WFii5cpJhiiyuqhEQLi4gRK04/GjXduEkzzTbXP4xMG5uYMWvOP4JCB4eECRsuPwYNPXjIMMMONz8WLb14yTLLLrc/Dh19+Mgxxx53PLzkagFHPAwGAAAAAElFTkSuQmCC',
  'base64',
);

/** Stores a file through the API, as the upload on the page would. */
async function stored(request: APIRequestContext, admin: Api, name: string, mimeType: string, buffer: Buffer) {
  const answer = await request.post('api/file/upload', {
    headers: { Authorization: admin.token },
    multipart: { file: { name, mimeType, buffer } },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as { id: number; name: string };
}

async function removeFiles(admin: Api, part: string) {
  const page = (await (await admin.get('api/file', { blurry: part, page: 0, size: 100 })).json()) as {
    content: { id: number }[];
  };
  if (page.content.length > 0)
    await admin.delete(
      'api/file',
      page.content.map((file) => file.id),
    );
}

test('an administrator uploads files, previews an image, downloads, renames and deletes them', async ({
  page,
  admin,
}) => {
  const suffix = uniqueSuffix();
  const picture = `chart-${suffix}.png`;
  const notes = `notes-${suffix}.txt`;
  test.info().attach('suffix', { body: suffix });
  try {
    await openConsole(page, '/sys-tools/storage');
    const table = page.getByRole('region', { name: 'Stored files' });

    // Two files at once, as dropped on the drop zone.
    await page.locator('.ant-upload-drag input[type=file]').setInputFiles([
      { name: picture, mimeType: 'image/png', buffer: PNG },
      { name: notes, mimeType: 'text/plain', buffer: Buffer.from(`Meeting notes ${suffix}\n`) },
    ]);
    await expect(page.getByText(`“${picture}” uploaded`)).toBeVisible();
    await expect(page.getByText(`“${notes}” uploaded`)).toBeVisible();

    // Search narrows the list to this journey's files; the type filter to the image.
    await page.getByPlaceholder('Part of the file name').fill(suffix);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(table.getByRole('row', { name: new RegExp(picture) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(notes) })).toBeVisible();
    await page.getByRole('combobox', { name: /Type/ }).click();
    await pickOption(page, 'Image');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(table.getByRole('row', { name: new RegExp(notes) })).toHaveCount(0);
    const pictureRow = table.getByRole('row', { name: new RegExp(picture) });
    await expect(pictureRow).toContainText('Image');

    // The image opens in a preview.
    await pictureRow.getByRole('img', { name: `Preview of ${picture}` }).click();
    const preview = page.locator('.ant-image-preview');
    await expect(preview.locator('img')).toBeVisible();
    await expect(preview.locator('img')).toHaveAttribute('src', /\/files\/[0-9a-f]{32}\.png$/);
    await page.keyboard.press('Escape');
    await expect(preview).toBeHidden();

    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByPlaceholder('Part of the file name').fill(suffix);
    await page.getByRole('button', { name: 'Search' }).click();

    // The text file downloads under its name, with its content.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      table.getByRole('button', { name: `Download ${notes}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(notes);
    const path = await download.path();
    expect((await import('node:fs')).readFileSync(path, 'utf8')).toBe(`Meeting notes ${suffix}\n`);

    // Renamed in a small dialog.
    const renamed = `minutes-${suffix}.txt`;
    await table.getByRole('button', { name: `Edit ${notes}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename file' });
    await expect(dialog.getByLabel('Name')).toHaveValue(notes);
    await dialog.getByLabel('Name').fill(renamed);
    await dialog.getByLabel('Name').press('Enter');
    await expect(dialog).toBeHidden();
    await expect(table.getByRole('row', { name: new RegExp(renamed) })).toBeVisible();

    // Both deleted at once, after confirming.
    await table
      .getByRole('row', { name: new RegExp(renamed) })
      .getByRole('checkbox')
      .check();
    await table
      .getByRole('row', { name: new RegExp(picture) })
      .getByRole('checkbox')
      .check();
    await table.getByRole('button', { name: 'Delete selected (2)' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 files?' });
    await expect(confirm).toContainText(renamed);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(notice(page, 'Deleted')).toBeVisible();
    await expect(table.getByText('Nothing matches the search')).toBeVisible();
    expect((await (await admin.get('api/file', { blurry: suffix })).json()).totalElements).toBe(0);
  } finally {
    await removeFiles(admin, suffix);
  }
});

for (const language of ['en', 'zh'] as const) {
  test.describe(`storage page in ${language}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'zh-CN' });

    test(`screenshot of the storage page (${language}) @phone`, async ({ page, admin, request }) => {
      const suffix = uniqueSuffix();
      await stored(request, admin, `logo-${suffix}.png`, 'image/png', PNG);
      await stored(request, admin, `quarterly-report-${suffix}.csv`, 'text/csv', Buffer.from('a,b\n1,2\n'));
      try {
        await openConsole(page, '/sys-tools/storage', language === 'en' ? 'en' : 'zh-CN');
        const table = page.getByRole('region', { name: language === 'en' ? 'Stored files' : '文件列表' });
        await expect(table.getByRole('row', { name: new RegExp(`logo-${suffix}`) })).toBeVisible();
        await expect(table.locator('.ant-spin-spinning')).toHaveCount(0);
        await page.screenshot({ path: shot(`storage-${language}`) });
        // Never wider than the screen: the table scrolls inside itself.
        expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
        await table.getByRole('button', { name: language === 'en' ? /^Edit logo-/ : /^编辑 logo-/ }).click();
        const dialog = page.getByRole('dialog', { name: language === 'en' ? 'Rename file' : '重命名文件' });
        await expect(dialog).toBeVisible();
        await page.screenshot({ path: shot(`storage-rename-${language}`) });
        expect(await fitsScreenWidth(page, dialog)).toBe(true);
      } finally {
        await removeFiles(admin, suffix);
      }
    });
  });
}
