import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { png } from '../apps/server/test/file-bytes.ts';
import { uniqueSuffix } from './support/accounts.ts';
import { apiSignIn } from './support/api.ts';
import { sellingMachine } from './support/business.ts';
import { beating, handedPart, technicianOf, technicianPhone } from './support/field.ts';
import { expect, signedInState, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { shot } from './support/sign-in.ts';
import { ADMIN_PASSWORD } from './support/test-server.ts';

test.use({ signedIn: true });

interface OrderRow {
  id: number;
  state: string;
  type: string;
  technicianId: number | null;
  confirmed: boolean;
}

test('a machine’s fault becomes a repair order; its technician completes it on a phone with a photo and readings', async ({
  admin,
  browser,
  page,
  testServer,
}) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const machine = await sellingMachine(admin, suffix);
  const technician = await technicianOf(admin, machine.mine, `tech${suffix}`);
  const valve = await handedPart(admin, technician, `SV-${suffix}`);
  const device = new VirtualMachine(testServer.baseURL, { serialNo: machine.serialNo, secret: machine.secret });
  const heart = beating(device, { tdsOut: 9, tankLevel: 70 });
  await heart.set({ tdsOut: 9, tankLevel: 70, faultBits: 1 });

  // The alarm, open past its delay, becomes a repair order assigned to the region's technician.
  const ordersOfMachine = async () =>
    (await (await admin.get('api/workOrders', { machineId: machine.id })).json()).content as OrderRow[];
  await expect
    .poll(ordersOfMachine, { timeout: 70_000, intervals: [2_000] })
    .toEqual([expect.objectContaining({ type: 'REPAIR', state: 'ASSIGNED', technicianId: technician.id })]);
  const [order] = await ordersOfMachine();
  const id = order?.id as number;

  // Staff see it on the board.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/field/work-orders');
  await page.getByRole('tab', { name: 'Board' }).click();
  const assigned = page.getByRole('region', { name: 'Assigned' });
  await expect(assigned.getByText(`#${id} Repair`)).toBeVisible();
  await page.screenshot({ path: shot('work-orders-board-desktop') });

  // The technician, on a phone, in Chinese: their order, accepted, started and completed.
  const { phone, api: technicianApi } = await technicianPhone(browser, testServer.baseURL, `tech${suffix}`);
  const mine = await phone.newPage();
  await mine.goto('/field/my-work-orders');
  await expect(mine.getByText(machine.serialNo).first()).toBeVisible();
  expect(await sidewaysOverflow(mine)).toBeLessThanOrEqual(0);
  await mine.screenshot({ path: shot('work-orders-mine-phone') });
  await mine
    .getByRole('button', { name: `#${id}` })
    .first()
    .click();
  const drawer = mine.getByRole('dialog', { name: `工单 ${id}` });
  await drawer.getByRole('button', { name: '接单' }).click();
  await expect(drawer.getByText('已接单').first()).toBeVisible();
  await drawer.getByRole('button', { name: '开始' }).click();
  await drawer.getByRole('checkbox', { name: '已找到并排除故障' }).check();
  await drawer.getByRole('checkbox', { name: '无漏水' }).check();
  await drawer.locator('input[type=file]').setInputFiles({ name: 'valve.png', mimeType: 'image/png', buffer: png() });
  await expect(drawer.getByText('valve.png')).toBeVisible();
  await drawer.getByLabel('处理前 TDS（ppm）').fill('60');
  await drawer.getByLabel('处理后 TDS（ppm）').fill('8');
  await drawer.getByRole('button', { name: '添加配件' }).click();
  await drawer.getByRole('combobox', { name: '配件' }).click();
  await mine.getByTitle(`${valve} Solenoid valve (1 pc)`).click();
  expect(await sidewaysOverflow(mine)).toBeLessThanOrEqual(0);
  await mine.screenshot({ path: shot('work-orders-complete-phone'), fullPage: true });
  // Fixed: the machine's readings are clean again before the order is marked done.
  await heart.set({ tdsOut: 9, tankLevel: 70 });
  await drawer.getByRole('button', { name: '完工' }).click();
  await expect(drawer.getByText('已完成').first()).toBeVisible();
  expect((await technicianApi.get('api/orders')).status()).toBe(403);

  // The machine's next clean readings confirm the fix; staff see it done.
  await heart.set({ tdsOut: 9, tankLevel: 70 });
  await expect.poll(ordersOfMachine).toEqual([expect.objectContaining({ state: 'DONE', confirmed: true })]);
  await page.getByRole('tab', { name: 'List' }).click();
  await page.getByRole('button', { name: `#${id}` }).click();
  const detail = page.getByRole('dialog', { name: `Work order ${id}` });
  await expect(detail.getByText('Done').first()).toBeVisible();
  await expect(detail.getByText(`${valve} Solenoid valve × 1`)).toBeVisible();
  const held = await (await admin.get('api/stock', { holderKind: 'TECHNICIAN', holderId: technician.id })).json();
  expect(held).toEqual([]);
  await expect(detail.getByRole('img').first()).toBeVisible();
  await page.screenshot({ path: shot('work-orders-done-desktop') });
  const done = (await (await admin.get(`api/workOrders/${id}`)).json()) as { doneTime: string };
  await page.goto(`/business/machines?machine=${machine.id}`);
  await expect(page.getByText(`Last serviced: ${done.doneTime}`)).toBeVisible();

  // The same in Chinese on the desktop, and the staff page on a phone.
  const chinese = await browser.newContext({
    baseURL: testServer.baseURL,
    storageState: signedInState(await apiSignIn(phone.request, 'admin', ADMIN_PASSWORD)),
    locale: 'zh-CN',
    viewport: { width: 1366, height: 800 },
  });
  const zh = await chinese.newPage();
  await zh.goto('/field/work-orders');
  await zh.getByRole('tab', { name: '看板' }).click();
  await expect(zh.getByRole('region', { name: '已完成' }).getByText(`#${id} 维修`)).toBeVisible();
  await zh.screenshot({ path: shot('work-orders-board-zh-desktop') });
  await zh.setViewportSize({ width: 390, height: 844 });
  await zh.getByRole('tab', { name: '列表' }).click();
  expect(await sidewaysOverflow(zh)).toBeLessThanOrEqual(0);
  await zh.screenshot({ path: shot('work-orders-list-zh-phone') });
  await mine.setViewportSize({ width: 1366, height: 800 });
  await mine.goto('/field/my-work-orders');
  await expect(mine.getByRole('tab', { name: '看板' })).toBeVisible();
  await mine.screenshot({ path: shot('work-orders-mine-zh-desktop') });
  await chinese.close();
  await phone.close();
  await heart.stop();
});
