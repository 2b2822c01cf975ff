import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { png } from '../apps/server/test/file-bytes.ts';
import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { sellingMachine } from './support/business.ts';
import { beating, technicianOf, technicianPhone } from './support/field.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { shot } from './support/sign-in.ts';

test.use({ signedIn: true });

/**
 * The journey's machines keep beating: silent, they would go offline (after 15 s here) and their
 * alarms would become repair orders for the technician while a slow run still counts the day's.
 */
const hearts: ReturnType<typeof beating>[] = [];
test.afterEach(async () => {
  for (const heart of hearts.splice(0)) await heart.stop();
});

const HERE = { latitude: 31.2304, longitude: 121.4737 };

async function ok(answer: Awaited<ReturnType<Api['post']>>, status: number) {
  expect(answer.status(), await answer.text()).toBe(status);
  return answer;
}

/** Puts a site at a place (WGS-84). */
async function placeSite(admin: Api, site: { id: number }, agentId: number, name: string, at: [number, number]) {
  await ok(
    await admin.put('api/sites', {
      id: site.id,
      agentId,
      name,
      type: 'RESIDENTIAL',
      address: `${name} Road 8`,
      feeType: 'RENT',
      feeValue: 0,
      latitude: at[0].toFixed(6),
      longitude: at[1].toFixed(6),
    }),
    204,
  );
}

test('a technician works the day on a phone: nearest urgent first, a machine by its sticker, a photo kept through a network drop', async ({
  admin,
  browser,
  testServer,
}) => {
  test.setTimeout(150_000);
  const suffix = uniqueSuffix();
  const far = await sellingMachine(admin, suffix);
  const keepBeating = (machine: { serialNo: string; secret: string }) =>
    hearts.push(beating(new VirtualMachine(testServer.baseURL, machine), { tdsOut: 9, tankLevel: 70 }));
  keepBeating(far);
  const agent = far.mine;
  await placeSite(admin, far.site, agent.id, `Far ${suffix}`, [31.3, 121.6]);
  // A second machine of the agent, at a site next to where the technician stands.
  await ok(
    await admin.post('api/sites', {
      agentId: agent.id,
      name: `Near ${suffix}`,
      type: 'RESIDENTIAL',
      address: 'Near Road 1',
      feeType: 'RENT',
      feeValue: 0,
    }),
    201,
  );
  const [nearSite] = (await (await admin.get('api/sites', { blurry: `Near ${suffix}` })).json()).content;
  await placeSite(admin, nearSite, agent.id, `Near ${suffix}`, [31.2306, 121.4739]);
  const [model] = (await (await admin.get('api/machine-models', { blurry: `SM-${suffix}` })).json()).content;
  const registered = await ok(await admin.post('api/machines', { serialNo: `WN${suffix}`, modelId: model.id }), 201);
  const { machine: near, secret } = (await registered.json()) as {
    machine: { id: number; serialNo: string };
    secret: string;
  };
  await ok(await admin.post('api/machines/allocate', { machineIds: [near.id], agentId: agent.id }), 200);
  await ok(await admin.put(`api/machines/${near.id}/lifecycle`, { action: 'INSTALL', siteId: nearSite.id }), 200);
  keepBeating({ serialNo: near.serialNo, secret });

  const username = `techday${suffix}`;
  const technician = await technicianOf(admin, agent, username);
  const order = async (machineId: number, type: string, priority: string) => {
    const created = await ok(
      await admin.post('api/workOrders', { machineIds: [machineId], type, priority, technicianId: technician.id }),
      201,
    );
    return ((await created.json()) as { ids: number[] }).ids[0] as number;
  };
  const farCleaning = await order(far.id, 'CLEANING', 'NORMAL');
  const nearInspection = await order(near.id, 'INSPECTION', 'NORMAL');
  const farRepair = await order(far.id, 'REPAIR', 'URGENT');

  const { phone } = await technicianPhone(browser, testServer.baseURL, username, {
    geolocation: HERE,
    permissions: ['geolocation'],
  });
  const page = await phone.newPage();
  await page.goto('/field/my-work-orders');

  // Today: the urgent order first, then the nearest, each with the way there in the map app.
  const cards = page.getByRole('article');
  // The first visit loads the page's code: on a busy two-core machine that alone can take 10 s.
  await expect(page.getByText('先紧急，再按距离由近到远')).toBeVisible({ timeout: 30_000 });
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toHaveAccessibleName(`#${farRepair} 维修`);
  await expect(cards.nth(1)).toHaveAccessibleName(`#${nearInspection} 巡检`);
  await expect(cards.nth(2)).toHaveAccessibleName(`#${farCleaning} 清洁`);
  await expect(cards.nth(1).getByText('30 m')).toBeVisible();
  await expect(cards.nth(1).getByRole('link', { name: '导航' })).toHaveAttribute(
    'href',
    /^https:\/\/uri\.amap\.com\/navigation\?to=121\.4739,31\.2306,.*coordinate=wgs84/,
  );
  await expect(page.locator('body')).not.toContainText('¥');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: shot('technician-today-zh-phone'), fullPage: true });

  // At the machine: its sticker's code typed opens it, with the technician's orders on it.
  const { stickerCode } = (await (await admin.get(`api/machines/${far.id}`)).json()) as { stickerCode: string };
  await page.getByRole('searchbox', { name: '贴纸编码' }).fill(stickerCode);
  await page.getByRole('searchbox', { name: '贴纸编码' }).press('Enter');
  const atMachine = page.getByRole('region', { name: far.serialNo });
  await expect(atMachine.getByText(`Far ${suffix} · Far ${suffix} Road 8`)).toBeVisible();
  await expect(atMachine.getByRole('button', { name: /^#\d+ / })).toHaveCount(2);
  await page.screenshot({ path: shot('technician-sticker-zh-phone'), fullPage: true });
  await atMachine.getByRole('button', { name: new RegExp(`^#${farRepair} 维修`) }).click();
  const drawer = page.getByRole('dialog', { name: `工单 ${farRepair}` });
  await drawer.getByRole('button', { name: '接单' }).click();
  await expect(drawer.getByText('已接单').first()).toBeVisible();
  await drawer.getByRole('button', { name: '开始' }).click();
  await expect(drawer.getByText('处理中').first()).toBeVisible();

  // The network drops as the photo is taken: it is kept on the phone, through a reload too.
  await phone.setOffline(true);
  await drawer.locator('input[type=file]').setInputFiles({ name: 'valve.png', mimeType: 'image/png', buffer: png() });
  const kept = drawer.getByText('无网络时拍的 1 张照片已保存在本机，网络恢复后自动上传');
  await expect(kept).toBeVisible();
  await page.route('**/api/workOrders/*/photos', (route) => route.abort('internetdisconnected'));
  await phone.setOffline(false);
  await page.reload();
  await expect(kept).toBeVisible();
  await page.screenshot({ path: shot('technician-photo-kept-zh-phone'), fullPage: true });
  // Back: the photo uploads by itself.
  await page.unroute('**/api/workOrders/*/photos');
  await expect(kept).toBeHidden({ timeout: 25_000 });
  await expect(drawer.getByText('valve.png')).toBeVisible();

  await drawer.getByRole('checkbox', { name: '已找到并排除故障' }).check();
  await drawer.getByLabel('处理后 TDS（ppm）').fill('8');
  await drawer.getByRole('button', { name: '完工' }).click();
  await expect(drawer.getByText('已完成').first()).toBeVisible();
  const done = (await (await admin.get(`api/workOrders/${farRepair}`)).json()) as { completion: { photos: string[] } };
  expect(done.completion.photos).toHaveLength(1);

  // Installable on the phone's home screen.
  const cdp = await phone.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Playwright's contexts are incognito, where Chromium never offers to install: every other check holds.
  expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data: string };
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  expect(JSON.parse(manifest.data)).toMatchObject({ name: '设备代理分销管理系统', display: 'standalone' });

  // The same day in English.
  const { phone: english } = await technicianPhone(browser, testServer.baseURL, username, {
    locale: 'en-US',
    geolocation: HERE,
    permissions: ['geolocation'],
  });
  const en = await english.newPage();
  await en.goto('/field/my-work-orders');
  await expect(en.getByRole('article')).toHaveCount(2, { timeout: 30_000 });
  await expect(en.getByText('Most urgent first, then the nearest')).toBeVisible();
  expect(await sidewaysOverflow(en)).toBeLessThanOrEqual(0);
  await en.screenshot({ path: shot('technician-today-en-phone'), fullPage: true });
  await english.close();
  await phone.close();
});
