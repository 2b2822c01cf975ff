import { MqttMachine } from '../apps/server/src/simulator/mqtt-machine.ts';
import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import { sellingMachine } from './support/business.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { shot } from './support/sign-in.ts';
import { PAYMENT_NOTIFY_KEY } from './support/test-server.ts';

test.use({ signedIn: true });

test('commands: sent from the console, obeyed by a simulated machine through the real gateway, shown succeeded; its settings converge', async ({
  admin,
  page,
  testServer,
}) => {
  test.setTimeout(90_000);
  const { serialNo, secret, id } = await sellingMachine(admin, uniqueSuffix());
  const machine = new VirtualMachine(testServer.baseURL, { serialNo, secret }, PAYMENT_NOTIFY_KEY);
  await machine.heartbeat({ tdsIn: 150, tdsOut: 8, tankLevel: 80 });

  await page.goto('/business/machines');
  await page
    .getByRole('region', { name: 'Machines' })
    .getByRole('button', { name: `Details ${serialNo}` })
    .click();
  const details = page.getByRole('dialog').filter({ hasText: `Machine ${serialNo}` });
  await details.getByRole('tab', { name: 'Commands' }).click();
  await expect(details).toContainText('No commands sent to this machine yet.');
  await details.getByRole('button', { name: 'Send a command' }).click();
  const form = page.getByRole('dialog', { name: 'Send a command' });
  await form.getByRole('combobox', { name: 'Command' }).click();
  await page.getByTitle('Flush RO membrane').click();
  await form.getByLabel('Seconds').fill('90');
  await form.getByRole('button', { name: 'Send a command' }).click();
  await expect(page.getByText('Command sent')).toBeVisible();
  const flush = details.locator('.ant-list-item').filter({ hasText: 'Flush RO membrane' });
  await expect(flush).toContainText('Queued');
  await expect(flush).toContainText('Seconds: 90');

  // The machine's next heartbeat brings the command; it acknowledges, flushes and reports success.
  const answer = await machine.heartbeat({ tdsIn: 150, tdsOut: 8, tankLevel: 80 });
  expect(answer.commands).toEqual([expect.objectContaining({ type: 'RO_FLUSH', params: { seconds: 90 } })]);
  await expect(flush).toContainText('Succeeded', { timeout: 15_000 });
  await page.screenshot({ path: shot('machine-commands-en') });

  // Desired settings edited in the console reach the machine on its next heartbeat.
  await details.getByRole('tab', { name: 'Settings' }).click();
  await details.getByRole('button', { name: 'Edit desired settings' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit desired settings' });
  await edit.getByLabel('Heartbeat interval (s)').fill('30');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(details).toContainText('The machine has not applied version 1 yet.');
  await machine.heartbeat();
  await machine.heartbeat();
  expect(machine.settings).toMatchObject({ version: 1, heartbeatSeconds: 30 });
  await expect(details).toContainText('The machine runs with the desired settings.', { timeout: 15_000 });
  await page.screenshot({ path: shot('machine-settings-en') });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // The list filters the machines whose settings differ from those desired.
  await page.keyboard.press('Escape');
  await admin.put(`api/machines/${id}/settings`, { ...machine.settings, version: 1, tdsOutMax: 45 });
  await page.goto('/business/machines?drifting=true');
  const drifting = page.getByRole('region', { name: 'Machines' });
  await expect(drifting.getByRole('row', { name: new RegExp(serialNo) })).toBeVisible();
  await page.screenshot({ path: shot('machines-drifting-en') });
});

test('commands over MQTT: a connected machine gets a command the moment it is sent, and its acknowledgements show it succeeded', async ({
  admin,
  page,
  testServer,
}) => {
  test.setTimeout(60_000);
  const { serialNo, secret } = await sellingMachine(admin, uniqueSuffix());
  // Connected to the server's broker over WebSocket (the HTTP port's /mqtt), as a browser tool would.
  const machine = new MqttMachine(
    `${testServer.baseURL.replace(/^http/, 'ws')}/mqtt`,
    { serialNo, secret },
    {
      reconnectPeriod: 0,
    },
  );
  await machine.connect();
  try {
    await page.goto('/business/machines');
    await page
      .getByRole('region', { name: 'Machines' })
      .getByRole('button', { name: `Details ${serialNo}` })
      .click();
    const details = page.getByRole('dialog').filter({ hasText: `Machine ${serialNo}` });
    await details.getByRole('tab', { name: 'Commands' }).click();
    await details.getByRole('button', { name: 'Send a command' }).click();
    const form = page.getByRole('dialog', { name: 'Send a command' });
    await form.getByRole('combobox', { name: 'Command' }).click();
    await page.getByTitle('Reboot', { exact: true }).click();
    await form.getByRole('button', { name: 'Send a command' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Reboot the machine?' })
      .getByRole('button', { name: 'Send a command' })
      .click();
    await expect(page.getByText('Command sent')).toBeVisible();
    // No heartbeat: the command went down the machine's cmd topic, its acknowledgements came up up/ack.
    const reboot = details.locator('.ant-list-item').filter({ hasText: 'Reboot' });
    await expect(reboot).toContainText('Succeeded', { timeout: 10_000 });
    expect(machine.commands).toEqual([expect.objectContaining({ type: 'REBOOT' })]);
  } finally {
    await machine.end();
  }
});

test.describe('on a phone, in Chinese', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('commands: a lock sent to the machines chosen in the list, with its progress; the machine then refuses sales', async ({
    admin,
    page,
    testServer,
  }) => {
    test.setTimeout(90_000);
    const { serialNo, secret } = await sellingMachine(admin, uniqueSuffix());
    const machine = new VirtualMachine(testServer.baseURL, { serialNo, secret }, PAYMENT_NOTIFY_KEY);
    await machine.heartbeat();

    await page.goto(`/business/machines`);
    await page.getByRole('textbox', { name: '搜索' }).fill(serialNo);
    await page.keyboard.press('Enter');
    const list = page.getByRole('region', { name: '设备列表' });
    await list.getByRole('checkbox').last().check();
    await list.getByRole('button', { name: '下发指令（1）' }).click();
    const form = page.getByRole('dialog', { name: '向 1 台设备下发指令' });
    await form.getByRole('combobox', { name: '指令' }).fill('锁定');
    await page.getByTitle('锁定（维护模式）').click();
    await page.screenshot({ path: shot('machine-command-form-zh') });
    await form.getByRole('button', { name: '下发指令' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定向 1 台设备下发“锁定（维护模式）”？' })
      .getByRole('button', { name: '下发指令' })
      .click();
    const progress = page.getByRole('dialog').filter({ hasText: '进度' });
    await expect(progress).toContainText('已完成 0 / 1');
    await machine.heartbeat();
    await expect(progress).toContainText('已完成 1 / 1', { timeout: 15_000 });
    await expect(progress).toContainText('成功');
    expect(machine.locked).toBe(true);
    await page.screenshot({ path: shot('machine-command-progress-zh') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expect(machine.sell({ channel: 'COIN', requestedMl: 1000 })).rejects.toThrow(/MACHINE_MAINTENANCE/);

    // The machine's detail: the lock in its history, its settings in maintenance mode, on a phone.
    await page.keyboard.press('Escape');
    await expect(progress).toBeHidden();
    await list.getByRole('button', { name: '详情' }).click();
    const details = page.getByRole('dialog').filter({ hasText: serialNo });
    await details.getByRole('tab', { name: '远程指令' }).click();
    await expect(details.locator('.ant-list-item').first()).toContainText('成功');
    await page.screenshot({ path: shot('machine-commands-zh') });
    await details.getByRole('tab', { name: '配置' }).click();
    await expect(details).toContainText('设备正按期望配置运行。');
    await expect(details.getByRole('row', { name: /维护模式/ })).toContainText('开');
    await page.screenshot({ path: shot('machine-settings-zh') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
