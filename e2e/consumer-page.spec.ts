import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { png } from '../apps/server/test/file-bytes.ts';
import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { sellingMachine } from './support/business.ts';
import { expect, signedInState, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { shot } from './support/sign-in.ts';

/** A consumer's phone: no staff session, a 390 px screen. */
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A selling machine with a reading and the service phone set; its sticker code. */
async function scannedMachine(admin: Api, baseURL: string) {
  const suffix = uniqueSuffix();
  const machine = await sellingMachine(admin, suffix);
  await new VirtualMachine(baseURL, { serialNo: machine.serialNo, secret: machine.secret }).heartbeat({ tdsOut: 12 });
  const saved = await admin.put('api/global/setting', { servicePhone: '400-820-8820' });
  expect(saved.status(), await saved.text()).toBe(204);
  const { stickerCode } = await (await admin.get(`api/machines/${machine.id}`)).json();
  return { ...machine, code: stickerCode as string };
}

test('a consumer scans a sticker on a phone: the machine in Chinese, then in English, remembered', async ({
  admin,
  browser,
  baseURL,
}) => {
  const machine = await scannedMachine(admin, baseURL as string);
  const context = await browser.newContext({ ...PHONE, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`/m/${machine.code}`);

  await expect(page.getByRole('heading', { level: 1, name: machine.site.name })).toBeVisible();
  await expect(page.getByText('正在售水')).toBeVisible();
  await expect(page.getByRole('row', { name: /1 号出水口 · 常温/ })).toContainText('¥0.50/升');
  await expect(page.getByText('优', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '拨打 400-820-8820' })).toHaveAttribute('href', 'tel:4008208820');
  await expect(page.getByRole('heading', { name: '购买饮用水' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '问题反馈' })).toBeVisible();
  // The photo's button speaks the page's language, whatever the browser's own.
  await expect(page.getByText('拍照或选择照片')).toBeVisible();
  await expect(page.getByText('未选择照片')).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await expect(page.locator('body')).not.toContainText(machine.serialNo);
  await page.screenshot({ path: shot('consumer-page-zh'), fullPage: true });

  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.getByText('Selling now')).toBeVisible();
  await expect(page.getByRole('row', { name: /Tap 1 · Cold/ })).toContainText('¥0.50/L');
  await expect(page.getByText('Excellent', { exact: true })).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: shot('consumer-page-en'), fullPage: true });
  // Scanned again later: still in English.
  await page.goto(`/m/${machine.code.toLowerCase()}`);
  await expect(page.getByText('Selling now')).toBeVisible();

  await page.goto('/m/NOSUCH99');
  await expect(page.getByRole('heading', { name: 'Machine not found' })).toBeVisible();
  await expect(page.getByText(/未找到设备/)).toBeVisible();
  await context.close();
});

test('a consumer reports a problem with a photo, and staff find it on the machine’s alarm', async ({
  admin,
  adminToken,
  browser,
  baseURL,
}) => {
  const machine = await scannedMachine(admin, baseURL as string);
  const context = await browser.newContext({ ...PHONE, locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`/m/${machine.code}?lang=en`);

  const report = page.locator('#report');
  await expect(report.getByRole('heading', { name: 'Report a problem' })).toBeVisible();
  await report.getByText('The machine is dirty').click();
  await report.getByLabel('What happened (optional)').fill('The tap is mouldy');
  // A photo, resized and sent as JPEG by the page.
  await report.getByLabel('Photo (optional)').setInputFiles({ name: 'tap.png', mimeType: 'image/png', buffer: png() });
  await expect(report.getByText('tap.png')).toBeVisible();
  await report.getByLabel('Your phone, if you want a call back (optional)').fill('13912345678');
  await report.getByRole('button', { name: 'Send' }).click();
  await expect(report.getByRole('status')).toContainText(/Report R\d+ was sent to the operator/);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: shot('consumer-report-en'), fullPage: true });

  const alarms = await (await admin.get('api/alarms', { machineId: machine.id })).json();
  expect(alarms.content).toEqual([
    expect.objectContaining({ type: 'CONSUMER_REPORT', detail: 'a consumer reports: The machine is dirty' }),
  ]);
  const reports = await (await admin.get(`api/alarms/${alarms.content[0].id}/reports`)).json();
  expect(reports).toEqual([
    expect.objectContaining({ category: 'DIRTY', note: 'The tap is mouldy', phone: '139****5678' }),
  ]);
  expect(reports[0].photo).toMatch(/\.jpg$/);
  await context.close();

  // In the console, the alarm opens to the report: its problem, note, masked phone and photo.
  for (const [locale, texts] of [
    ['en-US', { region: 'Alarms', problem: 'The machine is dirty', photo: 'Photo', shot: 'consumer-report-alarm-en' }],
    ['zh-CN', { region: '告警列表', problem: '机器不干净', photo: '照片', shot: 'consumer-report-alarm-zh' }],
  ] as const) {
    const staff = await browser.newContext({ locale, storageState: signedInState(adminToken) });
    const console = await staff.newPage();
    await console.goto('/business/alarms');
    const row = console
      .getByRole('region', { name: texts.region })
      .getByRole('row', { name: new RegExp(machine.serialNo) });
    await row.getByRole('button', { name: /expand|展开/i }).click();
    const opened = console.getByRole('listitem').filter({ hasText: texts.problem });
    await expect(opened).toContainText('The tap is mouldy');
    await expect(opened).toContainText('139****5678');
    await opened.getByRole('button', { name: texts.photo }).click();
    await expect(opened.getByRole('img', { name: texts.photo })).toBeVisible();
    await console.screenshot({ path: shot(texts.shot) });
    await staff.close();
  }
});
