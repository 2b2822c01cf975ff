import { uniqueSuffix } from './support/accounts.ts';
import { type Api, apiSignIn } from './support/api.ts';
import { TECHNICIAN_PASSWORD, technicianPhone } from './support/field.ts';
import { expect, signedInState, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { shot } from './support/sign-in.ts';
import { ADMIN_PASSWORD } from './support/test-server.ts';

test.use({ signedIn: true });

async function created(answer: Awaited<ReturnType<Api['post']>>) {
  expect(answer.status(), await answer.text()).toBe(201);
  return answer.json();
}

/** A user with the seeded Technician role, in the Service department. */
async function technician(admin: Api, username: string): Promise<{ id: number }> {
  const roles = (await (await admin.get('api/roles/all')).json()) as { id: number; name: string }[];
  const [service] = (await (await admin.get('api/dept', { name: 'Service' })).json()).content;
  const answer = await admin.post('api/users', {
    username,
    nickName: `Tech ${username}`,
    dept: { id: service.id },
    roles: [{ id: roles.find((role) => role.name === 'Technician')?.id }],
    password: TECHNICIAN_PASSWORD,
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const [user] = (await (await admin.get('api/users', { blurry: username })).json()).content;
  return user;
}

test('parts and stock: parts received into a warehouse, transferred to a technician, seen in both stocks', async ({
  admin,
  browser,
  page,
  testServer,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const code = `PP-${suffix}`;
  const warehouseName = `Depot ${suffix}`;
  await created(
    await admin.post('api/parts', {
      code,
      name: 'PP cotton 10"',
      kind: 'FILTER',
      stage: 'PP',
      unit: 'pc',
      reorderPoint: 5,
    }),
  );
  const depot = await created(await admin.post('api/warehouses', { name: warehouseName, address: 'Gate 3' }));
  const tech = await technician(admin, `parts${suffix}`);

  // Staff receive 12 into the depot on the Movements tab.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/field/parts');
  const parts = page.getByRole('region', { name: 'Parts' });
  await expect(parts.getByRole('row').filter({ hasText: code }).getByText('Low')).toBeVisible();
  await page.getByRole('tab', { name: 'Movements' }).click();
  await page.getByRole('button', { name: 'Receive' }).click();
  const form = page.getByRole('dialog', { name: 'Receive' });
  await form.getByRole('combobox', { name: 'Part' }).click();
  await page.getByTitle(`${code} PP cotton 10"`).click();
  await form.getByRole('combobox', { name: 'Warehouse' }).click();
  await page.getByTitle(warehouseName).click();
  await form.getByLabel('Quantity').fill('12');
  await page.screenshot({ path: shot('parts-receive-desktop') });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const movements = page.getByRole('region', { name: 'Movements' });
  await expect(movements.getByRole('row').filter({ hasText: code }).getByText('Received')).toBeVisible();

  // Transferred to the technician through the API; the stock shows both holders.
  await created(
    await admin.post('api/stock/transfer', {
      partId: (await (await admin.get('api/parts')).json()).find((part: { code: string }) => part.code === code).id,
      from: { kind: 'WAREHOUSE', id: depot.id },
      to: { kind: 'TECHNICIAN', id: tech.id },
      quantity: 4,
    }),
  );
  await page.reload();
  await page.getByRole('tab', { name: 'Stock' }).click();
  const stock = page.getByRole('region', { name: 'Stock' });
  await expect(stock.getByRole('row').filter({ hasText: warehouseName }).getByText('8 pc')).toBeVisible();
  await page.getByText('By technician').click();
  await expect(
    stock
      .getByRole('row')
      .filter({ hasText: `Tech parts${suffix}` })
      .getByText('4 pc'),
  ).toBeVisible();
  await page.screenshot({ path: shot('parts-stock-desktop') });
  await page.getByRole('tab', { name: 'Parts' }).click();
  await expect(parts.getByRole('row').filter({ hasText: code }).getByText('8 pc')).toBeVisible();
  await expect(parts.getByRole('row').filter({ hasText: code }).getByText('Low')).toHaveCount(0);
  await page.screenshot({ path: shot('parts-list-desktop') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(parts.getByText(code)).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: shot('parts-list-en-phone') });

  // The technician, on a phone in Chinese, sees their own stock.
  const { phone } = await technicianPhone(browser, testServer.baseURL, `parts${suffix}`);
  const mine = await phone.newPage();
  await mine.goto('/field/my-work-orders');
  await mine.getByRole('tab', { name: '我的库存' }).click();
  await expect(mine.getByText(code)).toBeVisible();
  await expect(mine.getByText('4 pc')).toBeVisible();
  expect(await sidewaysOverflow(mine)).toBeLessThanOrEqual(0);
  await mine.screenshot({ path: shot('parts-my-stock-zh-phone') });

  // Staff in Chinese, at 1366 and 390 wide.
  const chinese = await browser.newContext({
    baseURL: testServer.baseURL,
    storageState: signedInState(await apiSignIn(phone.request, 'admin', ADMIN_PASSWORD)),
    locale: 'zh-CN',
    viewport: { width: 1366, height: 800 },
  });
  const zh = await chinese.newPage();
  await zh.goto('/field/parts');
  await expect(zh.getByRole('region', { name: '配件' }).getByText(code)).toBeVisible();
  await zh.screenshot({ path: shot('parts-list-zh-desktop') });
  await zh.getByRole('tab', { name: '出入库记录' }).click();
  await expect(zh.getByRole('region', { name: '出入库记录' }).getByText('调拨').first()).toBeVisible();
  await zh.screenshot({ path: shot('parts-movements-zh-desktop') });
  await zh.setViewportSize({ width: 390, height: 844 });
  await zh.reload();
  await zh.getByRole('tab', { name: '出入库记录' }).click();
  await expect(zh.getByRole('region', { name: '出入库记录' }).getByText('调拨').first()).toBeVisible();
  expect(await sidewaysOverflow(zh)).toBeLessThanOrEqual(0);
  await zh.screenshot({ path: shot('parts-movements-zh-phone') });
  await chinese.close();
  await phone.close();
});
