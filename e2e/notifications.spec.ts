import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { shot } from './support/sign-in.ts';

test.use({ signedIn: true });

const SECRET = 'e2e-webhook-secret-31c8';

/** A webhook receiver on this machine that takes a message only when our signature is right. */
async function webhookReceiver() {
  const received: { subject: string; signed: boolean }[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const timestamp = String(request.headers['x-water-timestamp']);
      const expected = `sha256=${createHmac('sha256', SECRET).update(`${timestamp}.${raw}`).digest('hex')}`;
      const signed = request.headers['x-water-signature'] === expected;
      received.push({ subject: (JSON.parse(raw) as { subject: string }).subject, signed });
      response.writeHead(signed ? 200 : 401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ received: signed }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/water`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('notifications: a webhook channel added, tested, and its message seen sent in the delivery log', async ({
  page,
}) => {
  const receiver = await webhookReceiver();
  const name = `Duty webhook ${uniqueSuffix()}`;
  await page.goto('/field/notifications');
  await page.getByRole('button', { name: 'Add' }).click();
  const form = page.getByRole('dialog', { name: 'Add a channel' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByTitle('Webhook', { exact: true }).click();
  await form.getByLabel('Webhook address').fill(receiver.url);
  await form.getByLabel('Signing secret').fill(SECRET);
  await form.getByRole('combobox', { name: 'Message language' }).click();
  await page.getByTitle('English', { exact: true }).click();
  await page.screenshot({ path: shot('notifications-channel-form-en') });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();

  const channels = page.getByRole('region', { name: 'Channels' });
  await expect(channels.getByText(name)).toBeVisible();
  // The address is shown masked; the secret never.
  await expect(channels.getByText(receiver.url)).toHaveCount(0);
  await page.screenshot({ path: shot('notifications-channels-en') });
  await channels.getByRole('button', { name: `Test ${name}` }).click();
  await expect(page.getByText(`Test message sent to ${name}`)).toBeVisible();

  const log = page.getByRole('region', { name: 'Delivery log' });
  const row = log.getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Sent')).toBeVisible();
  await expect(row.getByText('Test message from the water console')).toBeVisible();
  expect(receiver.received).toEqual([{ subject: 'Test message from the water console', signed: true }]);
  await page.screenshot({ path: shot('notifications-log-en') });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Channels' }).click();
  await expect(page.getByRole('region', { name: 'Channels' }).getByText(name)).toBeVisible();
  await page.screenshot({ path: shot('notifications-channels-en-phone') });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await receiver.close();
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('notifications: a channel tested in Chinese, on a desktop and on a phone', async ({ page, admin }) => {
    const receiver = await webhookReceiver();
    const name = `值班群 ${uniqueSuffix()}`;
    const created = await admin.post('api/notifications/channels', {
      name,
      kind: 'WEBHOOK',
      target: receiver.url,
      secret: SECRET,
      language: 'zh',
      ratePerMinute: 20,
      digestSeconds: 10,
      enabled: true,
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto('/field/notifications');
    const channels = page.getByRole('region', { name: '通知渠道' });
    await expect(channels.getByText(name)).toBeVisible();
    await page.screenshot({ path: shot('notifications-channels-zh') });
    await page.getByRole('tab', { name: '通知规则' }).click();
    await page.getByRole('button', { name: '新增' }).click();
    await page.screenshot({ path: shot('notifications-rule-form-zh') });
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: '通知渠道' }).click();
    await page.getByRole('button', { name: `测试 ${name}` }).click();
    await expect(page.getByText(`测试消息已发送到 ${name}`)).toBeVisible();
    await expect(page.getByRole('region', { name: '发送记录' }).getByText('已发送').first()).toBeVisible();
    expect(receiver.received).toEqual([{ subject: '净水机管理后台测试消息', signed: true }]);
    await page.screenshot({ path: shot('notifications-log-zh-phone') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await receiver.close();
  });
});
