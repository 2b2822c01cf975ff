import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { sellingMachine } from './support/business.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';

test.use({ signedIn: true });

/** A technician of the machine's agent, and a repair order of the machine assigned to them. */
async function assignedOrder(admin: Api, suffix: string) {
  const machine = await sellingMachine(admin, suffix);
  const roles = (await (await admin.get('api/roles/all')).json()) as { id: number; name: string }[];
  const username = `slatech${suffix}`;
  const created = await admin.post('api/users', {
    username,
    nickName: `SLA Tech ${suffix}`,
    dept: { id: machine.mine.deptId },
    roles: [{ id: roles.find((role) => role.name === 'Technician')?.id }],
    password: 'Technician-pass-1',
  });
  expect(created.status(), await created.text()).toBe(201);
  const [user] = (await (await admin.get('api/users', { blurry: username })).json()).content;
  const order = await admin.post('api/workOrders', {
    machineIds: [machine.id],
    type: 'REPAIR',
    priority: 'URGENT',
    technicianId: user.id,
  });
  expect(order.status(), await order.text()).toBe(201);
  return { technician: `SLA Tech ${suffix}`, orderId: (await order.json()).ids[0] as number };
}

test('SLA: a target set on the page, an order on the report and its clocks on its detail', async ({ page, admin }) => {
  const suffix = uniqueSuffix();
  await page.setViewportSize({ width: 1366, height: 800 });
  await openConsole(page, '/field/sla');
  await page.getByRole('tab', { name: 'Targets' }).click();
  const response = page.getByLabel('Repair Urgent Response (min)');
  await response.fill('45');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('SLA targets saved')).toBeVisible();
  const saved = (await (await admin.get('api/sla/targets')).json()) as {
    targets: { type: string; priority: string; responseMinutes: number }[];
  };
  expect(saved.targets.find((t) => t.type === 'REPAIR' && t.priority === 'URGENT')?.responseMinutes).toBe(45);
  await page.screenshot({ path: shot('sla-targets-en') });

  const { technician, orderId } = await assignedOrder(admin, suffix);
  await page.getByRole('tab', { name: 'Attainment' }).click();
  const row = page.getByRole('row').filter({ hasText: technician });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await page.screenshot({ path: shot('sla-report-en') });

  // The order's detail shows its clocks: the response due within the target just set.
  await page.goto('/field/work-orders');
  await page.getByRole('button', { name: `#${orderId}`, exact: true }).click();
  const drawer = page.getByRole('dialog', { name: `Work order ${orderId}` });
  await expect(drawer.getByText(/^0 h 4\d min left$/).first()).toBeVisible();
  await expect(drawer.getByText(/^Due \d{4}-/).first()).toBeVisible();
  await page.screenshot({ path: shot('sla-order-detail-en') });
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/field/sla');
  await expect(page.getByRole('row').filter({ hasText: technician })).toBeVisible();
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: shot('sla-report-en-phone') });
  // Restored for the next runs: the default of an urgent repair.
  await admin.put('api/sla/targets', {
    targets: [
      { type: 'REPAIR', priority: 'URGENT', responseMinutes: 30, resolutionMinutes: 240, businessHours: false },
    ],
    businessHours: { days: [1, 2, 3, 4, 5], from: '09:00', to: '18:00' },
  });
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('SLA: the report and the targets in Chinese, on a desktop and on a phone', async ({ page, admin }) => {
    const { technician } = await assignedOrder(admin, uniqueSuffix());
    await page.setViewportSize({ width: 1366, height: 800 });
    await openConsole(page, '/field/sla', 'zh-CN');
    await expect(page.getByRole('row').filter({ hasText: technician })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '响应达标率' })).toBeVisible();
    await page.screenshot({ path: shot('sla-report-zh') });
    await page.getByRole('tab', { name: '目标设置' }).click();
    await expect(page.getByText('仅计工作时间').first()).toBeVisible();
    await page.screenshot({ path: shot('sla-targets-zh') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('sla-targets-zh-phone') });
    await page.getByRole('tab', { name: '达成情况' }).click();
    await expect(page.getByRole('row').filter({ hasText: technician })).toBeVisible();
    await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot('sla-report-zh-phone') });
  });
});
