import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import type { Api } from './support/api.ts';
import { sellingMachine } from './support/business.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { shot } from './support/sign-in.ts';

test.use({ signedIn: true });

/** Three machines of one model, created through the API, each driven by a simulated machine over HTTP. */
async function fleet(admin: Api, baseURL: string, suffix: string) {
  const first = await sellingMachine(admin, suffix);
  const [model] = (await (await admin.get('api/machine-models', { blurry: `SM-${suffix}` })).json()).content;
  const more = [];
  for (const n of [2, 3]) {
    const registered = await admin.post('api/machines', { serialNo: `WS${suffix}-${n}`, modelId: model.id });
    expect(registered.status(), await registered.text()).toBe(201);
    more.push(await registered.json());
  }
  const allocated = await admin.post('api/machines/allocate', {
    machineIds: more.map(({ machine }) => machine.id),
    agentId: first.mine.id,
  });
  expect(allocated.status(), await allocated.text()).toBe(200);
  const identities = [
    { serialNo: first.serialNo, secret: first.secret },
    ...more.map(({ machine, secret }) => ({ serialNo: machine.serialNo as string, secret: secret as string })),
  ];
  const machines = identities.map((identity) => new VirtualMachine(baseURL, identity));
  for (const machine of machines) await machine.heartbeat();
  return { model: model as { id: number; name: string }, machines, firstId: first.id };
}

/** Uploads a package through the API (multipart), as the administrator. */
async function uploadByApi(request: APIRequestContext, admin: Api, modelId: number, version: string) {
  const answer = await request.post(`api/firmware/packages?modelId=${modelId}&version=${version}`, {
    headers: { Authorization: admin.token },
    multipart: {
      file: { name: `water-${version}.bin`, mimeType: 'application/octet-stream', buffer: randomBytes(20_000) },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}

/** Rolls the package of `version` out to every machine of its model, from its row's action. */
async function rollOut(
  page: Page,
  version: string,
  texts: { rollOut: string; all: string; started: string; shot: string },
) {
  const machinesLoaded = page.waitForResponse((response) => response.url().includes('/api/machines?'));
  await page
    .getByRole('button', { name: new RegExp(`${texts.rollOut} .* ${version.replaceAll('.', '\\.')}$`) })
    .click();
  const form = page.getByRole('dialog').filter({ hasText: version });
  await machinesLoaded;
  await form.getByRole('button', { name: texts.all, exact: true }).click();
  await page.screenshot({ path: shot(texts.shot) });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await form.getByRole('button', { name: texts.rollOut, exact: true }).click();
  await expect(page.getByText(texts.started)).toBeVisible();
}

test('firmware: a package uploaded and rolled out to three machines, which download, install and report it', async ({
  admin,
  page,
  testServer,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const { model, machines } = await fleet(admin, testServer.baseURL, suffix);
  machines[2]!.firmwareFailure = 'flash write failed';

  await page.goto('/business/firmware');
  await expect(page.getByText('No rollouts yet.')).toBeVisible();
  await page.getByRole('tab', { name: 'Packages' }).click();
  await page.getByRole('button', { name: 'Upload a package' }).click();
  const upload = page.getByRole('dialog', { name: 'Upload a package' });
  await upload.getByRole('combobox', { name: 'Model' }).fill(`SM-${suffix}`);
  await page.getByTitle(`${model.name} (SM-${suffix})`).click();
  await upload.getByLabel('Version').fill('3.0.0');
  await upload.getByLabel('Notes').fill('Faster flow meter sampling');
  await upload.locator('input[type=file]').setInputFiles({
    name: 'water-3.0.0.bin',
    mimeType: 'application/octet-stream',
    buffer: randomBytes(50_000),
  });
  await page.screenshot({ path: shot('firmware-upload-en') });
  await upload.getByRole('button', { name: 'Upload a package' }).click();
  await expect(page.getByText('Package uploaded')).toBeVisible();
  const packages = page.getByRole('region', { name: 'Packages' });
  await expect(packages.getByRole('row', { name: /3\.0\.0/ })).toContainText('49 KB');
  await page.screenshot({ path: shot('firmware-packages-en') });

  await rollOut(page, '3.0.0', {
    rollOut: 'Roll out',
    all: 'All',
    started: 'Rollout started',
    shot: 'firmware-roll-out-en',
  });
  const rollout = page.getByRole('region', { name: `${model.name} 3.0.0` });
  await expect(rollout).toContainText('Running');
  await expect(rollout).toContainText('Stage 1 of 1 · 3 machines');
  await expect(rollout).toContainText('0 succeeded · 0 failed · 3 to go');

  // The machines come: each downloads the package through its signed link (resuming half way), checks it and reports.
  for (const machine of machines) await machine.heartbeat();
  await expect(rollout).toContainText('Completed', { timeout: 15_000 });
  await expect(rollout).toContainText('2 succeeded · 1 failed · 0 to go');
  expect(machines.map((machine) => machine.firmware)).toEqual(['3.0.0', '3.0.0', undefined]);
  await page.screenshot({ path: shot('firmware-rollout-en') });

  await rollout.getByRole('button', { name: 'Machines' }).click();
  const updates = page.getByRole('dialog', { name: /Machines of rollout/ });
  await expect(updates.locator('.ant-list-item').filter({ hasText: machines[2]!.identity.serialNo })).toContainText(
    'flash write failed',
  );
  await expect(updates.getByText('Succeeded')).toHaveCount(2);
  await page.screenshot({ path: shot('firmware-rollout-machines-en') });
  await page.keyboard.press('Escape');

  // The machine's detail shows the version it now runs and its update.
  const serialNo = machines[0]!.identity.serialNo;
  await page.goto('/business/machines');
  await page
    .getByRole('region', { name: 'Machines' })
    .getByRole('button', { name: `Details ${serialNo}`, exact: true })
    .click();
  const details = page.getByRole('dialog').filter({ hasText: `Machine ${serialNo}` });
  await details.getByRole('tab', { name: 'Firmware' }).click();
  await expect(details).toContainText('Installed version');
  await expect(details.locator('.ant-list-item').first()).toContainText('Succeeded');
  await page.screenshot({ path: shot('machine-firmware-en') });
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test.describe('on a phone, in Chinese', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('firmware: a rollout started on a phone, watched while the machines take it, then paused and cancelled', async ({
    admin,
    page,
    request,
    testServer,
  }) => {
    test.setTimeout(120_000);
    const suffix = uniqueSuffix();
    const { model, machines, firstId } = await fleet(admin, testServer.baseURL, suffix);
    await uploadByApi(request, admin, model.id, '3.1.0');

    await page.goto('/business/firmware');
    await page.getByRole('tab', { name: '固件包' }).click();
    await expect(page.getByText('3.1.0').first()).toBeVisible();
    await page.screenshot({ path: shot('firmware-packages-zh') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: '上传固件包' }).click();
    const upload = page.getByRole('dialog', { name: '上传固件包' });
    await expect(upload.getByLabel('版本')).toBeVisible();
    await page.screenshot({ path: shot('firmware-upload-zh') });
    await upload.getByRole('button', { name: '取消' }).click();
    await expect(upload).toBeHidden();
    await rollOut(page, '3.1.0', { rollOut: '发布', all: '全部', started: '发布已开始', shot: 'firmware-roll-out-zh' });
    const rollout = page.getByRole('region', { name: `${model.name} 3.1.0` });
    await expect(rollout).toContainText('进行中');

    // One machine takes it now; the rollout is paused, then cancelled: the others' updates are withdrawn.
    await machines[0]!.heartbeat();
    await expect(rollout).toContainText('成功 1 · 失败 0 · 待完成 2', { timeout: 15_000 });
    await rollout.getByRole('button', { name: '暂停' }).click();
    await expect(rollout).toContainText('已暂停');
    await page.screenshot({ path: shot('firmware-rollout-zh') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await rollout.getByRole('button', { name: '取消发布' }).click();
    await page
      .getByRole('dialog')
      .filter({ hasText: '确定取消该发布？' })
      .getByRole('button', { name: '取消发布' })
      .click();
    await expect(rollout).toContainText('已取消', { timeout: 15_000 });
    await machines[1]!.heartbeat();
    expect(machines[1]!.firmware).toBeUndefined();
    await rollout.getByRole('button', { name: '设备' }).click();
    const updates = page.getByRole('dialog', { name: /的设备/ });
    await expect(updates.getByText('已取消')).toHaveCount(2);
    await page.screenshot({ path: shot('firmware-rollout-machines-zh') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');

    // The machine that took it shows the version it runs now, on its detail's Firmware tab.
    const serialNo = machines[0]!.identity.serialNo;
    // Opened from its own address, as a shared link would open it.
    await page.goto(`/business/machines?machine=${firstId}`);
    const details = page.getByRole('dialog').filter({ hasText: serialNo });
    await details.getByRole('tab', { name: '固件' }).click();
    await expect(details).toContainText('当前版本');
    await expect(details.locator('.ant-list-item').first()).toContainText('成功');
    await page.screenshot({ path: shot('machine-firmware-zh') });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
