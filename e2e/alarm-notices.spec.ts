import { uniqueSuffix } from './support/accounts.ts';
import { type Api, apiSignIn } from './support/api.ts';
import { expect, signedInState, test } from './support/fixtures.ts';
import { shot } from './support/sign-in.ts';

test.use({ signedIn: true });

const PASSWORD = 'Manager-pass-1';

/** An approved agent with a site and `count` machines installed there that never report. */
async function silentMachines(admin: Api, suffix: string, count: number) {
  const ok = async (answer: Awaited<ReturnType<Api['post']>>, status = 201) =>
    expect(answer.status(), await answer.text()).toBe(status);
  await ok(
    await admin.post('api/agents', {
      code: `AN-${suffix}`,
      name: `Quiet Agent ${suffix}`,
      level: 'PLATFORM',
      contactName: 'Lin Tao',
      contactPhone: '139 0000 4444',
      commissionRate: '20',
      machineQuota: count,
    }),
  );
  const [agent] = (await (await admin.get('api/agents', { blurry: `AN-${suffix}` })).json()).content;
  await ok(await admin.put(`api/agents/${agent.id}/review`, { action: 'APPROVE' }), 200);
  await ok(
    await admin.post('api/sites', {
      agentId: agent.id,
      name: `Quiet Court ${suffix}`,
      type: 'RESIDENTIAL',
      address: '5 Quiet Lane',
      feeType: 'RENT',
      feeValue: 0,
    }),
  );
  const [site] = (await (await admin.get('api/sites', { blurry: `Quiet Court ${suffix}` })).json()).content;
  await ok(
    await admin.post('api/machine-models', {
      code: `QM-${suffix}`,
      name: `Quiet model ${suffix}`,
      taps: 1,
      waterTypes: 'COLD',
      tankLitres: 40,
      outputLph: 40,
      billing: 'FLOW',
      pulsesPerLitre: 450,
    }),
  );
  const [model] = (await (await admin.get('api/machine-models', { blurry: `QM-${suffix}` })).json()).content;
  const serials: string[] = [];
  for (let index = 1; index <= count; index++) {
    const registered = await admin.post('api/machines', { serialNo: `QT${suffix}${index}`, modelId: model.id });
    await ok(registered);
    const { machine } = await registered.json();
    await ok(await admin.post('api/machines/allocate', { machineIds: [machine.id], agentId: agent.id }), 200);
    await ok(await admin.put(`api/machines/${machine.id}/lifecycle`, { action: 'INSTALL', siteId: site.id }), 200);
    serials.push(machine.serialNo);
  }
  return { agent: agent as { id: number; deptId: number }, serials };
}

test('machines installed and never heard from raise one grouped notice; acknowledged alarms leave the selection', async ({
  admin,
  browser,
  testServer,
}) => {
  test.setTimeout(120_000);
  const suffix = uniqueSuffix();
  const { agent, serials } = await silentMachines(admin, suffix, 3);
  // The agent's manager sees only these machines' alarms, whatever other journeys raise meanwhile.
  const roles = (await (await admin.get('api/roles/all')).json()) as { id: number; name: string }[];
  const username = `quiet_${suffix}`;
  const created = await admin.post('api/users', {
    username,
    nickName: username,
    dept: { id: agent.deptId },
    roles: [{ id: roles.find((role) => role.name === 'Agent manager')?.id }],
    password: PASSWORD,
  });
  expect(created.status(), await created.text()).toBe(201);
  const request = (await browser.newContext({ baseURL: testServer.baseURL })).request;
  const token = await apiSignIn(request, username, PASSWORD);
  const context = await browser.newContext({ baseURL: testServer.baseURL, storageState: signedInState(token) });
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('water-console-language', 'zh-CN'));
    await page.goto('/dashboard');

    // The offline check finds all three silent at once: one notice names them, not three notices.
    const notice = page.getByRole('alert').filter({ hasText: '3 台机器：离线' });
    await expect(notice).toBeVisible({ timeout: 60_000 });
    for (const serial of serials) await expect(notice).toContainText(serial);
    await expect(page.getByRole('alert').filter({ hasText: '离线' })).toHaveCount(1);
    await page.screenshot({ path: shot('alarm-notice-grouped-zh') });

    // Its link opens the alarms, where all three are listed as open.
    await notice.getByRole('button', { name: '查看告警' }).click();
    await expect(page).toHaveURL(/\/business\/alarms/);
    const table = page.getByRole('region', { name: '告警列表' });
    for (const serial of serials) {
      await expect(table.getByRole('row', { name: new RegExp(serial) })).toContainText('待处理');
    }

    // Two ticked and acknowledged: they show as acknowledged, and nothing stays ticked.
    for (const serial of serials.slice(0, 2)) {
      await table
        .getByRole('row', { name: new RegExp(serial) })
        .getByRole('checkbox')
        .check();
    }
    await page.getByRole('button', { name: '确认（2）' }).click();
    for (const serial of serials.slice(0, 2)) {
      const row = table.getByRole('row', { name: new RegExp(serial) });
      await expect(row).toContainText('已确认');
      await expect(row.getByRole('checkbox')).not.toBeChecked();
    }
    await expect(table.getByRole('checkbox', { checked: true })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
