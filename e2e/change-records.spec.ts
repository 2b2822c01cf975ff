import { uniqueSuffix } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { pickOption } from './support/system-pages.ts';

test.use({ signedIn: true });

const TEXTS = {
  en: {
    locale: 'en' as const,
    agents: 'Agents',
    details: (name: string) => `Details of ${name}`,
    history: 'History',
    rate: 'Commission rate (%)',
    edited: 'Edited',
    status: 'Status',
    pending: 'Pending review',
    active: 'Active',
    noOrders: '0 orders · 0 L',
    from: 'From',
    to: 'To',
    record: 'Record',
    agent: 'Agent',
    search: 'Search',
    filters: 'Filters',
    filtersTitle: 'Search filters',
    changes: 'Change records',
  },
  zh: {
    locale: 'zh-CN' as const,
    agents: '代理商列表',
    details: (name: string) => `查看 ${name} 详情`,
    history: '变更历史',
    rate: '分佣比例（%）',
    edited: '修改',
    status: '状态',
    pending: '待审核',
    active: '正常',
    noOrders: '0 单 · 0 升',
    from: '开始日期',
    to: '结束日期',
    record: '对象',
    agent: '代理商',
    search: '搜索',
    filters: '筛选',
    filtersTitle: '搜索条件',
    changes: '变更记录',
  },
};

/** `yyyy-MM-dd HH:mm` of the browser's clock moved by `minutes`, as the time range picker takes it typed. */
const typedTime = (minutes: number) => {
  const at = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

for (const language of ['en', 'zh'] as const) {
  test.describe(`the record of changes in ${language}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'zh-CN' });

    test(`an agent's commission rate changed shows in its History and in the change records searched by time and type (${language}) @phone`, async ({
      page,
      admin,
    }) => {
      const texts = TEXTS[language];
      const phone = test.info().project.name === 'phone';
      const suffix = uniqueSuffix();
      const name = language === 'en' ? `Audited Springs ${suffix}` : `审计水务 ${suffix}`;
      const created = await admin.post('api/agents', {
        code: `AU-${suffix}`,
        name,
        level: 'PLATFORM',
        contactName: language === 'en' ? 'Chen Jie' : '陈杰',
        contactPhone: '138 2000 1000',
        commissionRate: '20',
        machineQuota: 100,
      });
      expect(created.status(), await created.text()).toBe(201);
      const [agent] = (await (await admin.get('api/agents', { blurry: `AU-${suffix}` })).json()).content;
      expect((await admin.put(`api/agents/${agent.id}/review`, { action: 'APPROVE' })).status()).toBe(200);
      // Finance lowers the agent's commission rate.
      const body = await (await admin.get(`api/agents/${agent.id}`)).json();
      const edited = await admin.put('api/agents', { ...body, commissionRate: '15.5' });
      expect(edited.status(), await edited.text()).toBe(204);

      // The agent's History: the rate before and after.
      await openConsole(page, '/business/agents', texts.locale);
      const table = page.getByRole('region', { name: texts.agents });
      await table.getByRole('button', { name: texts.details(name) }).click();
      const drawer = page.getByRole('dialog').filter({ hasText: name });
      // Each period's net sales, with its orders and litres on the line beneath.
      const net = drawer.getByText('0.00', { exact: false }).first();
      const counts = drawer.getByText(texts.noOrders).first();
      const [netBox, countsBox] = [await net.boundingBox(), await counts.boundingBox()];
      expect(countsBox?.y ?? 0).toBeGreaterThan((netBox?.y ?? 0) + (netBox?.height ?? 0) - 1);
      await drawer.getByRole('tab', { name: texts.history }).click();
      const history = drawer.getByRole('region', { name: texts.history });
      const rate = history.getByRole('row').filter({ hasText: texts.rate }).first();
      await expect(rate).toContainText('20.00');
      await expect(rate).toContainText('15.50');
      await expect(history.getByText(texts.edited).first()).toBeVisible();
      // The agent's approval, its states named rather than coded.
      const state = history.getByRole('row').filter({ hasText: texts.status }).first();
      await expect(state).toContainText(texts.pending);
      await expect(state).toContainText(texts.active);
      await rate.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`change-records-agent-history-${language}`) });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // The change records: the last hour and the next minutes, agents only.
      await page.goto('/monitor/changes');
      const search = page.getByRole('search');
      await search.getByPlaceholder(texts.from).click();
      await search.getByPlaceholder(texts.from).fill(typedTime(-60));
      await search.getByPlaceholder(texts.from).press('Enter');
      await search.getByPlaceholder(texts.to).fill(typedTime(10));
      await search.getByPlaceholder(texts.to).press('Enter');
      // A phone keeps the fields other than the time range behind its Filters button.
      const filters = phone ? page.getByRole('dialog', { name: texts.filtersTitle }) : search;
      if (phone) await search.getByRole('button', { name: texts.filters }).click();
      await filters.getByRole('combobox', { name: texts.record }).click();
      await pickOption(page, texts.agent);
      const listed = page.waitForResponse(
        (answer) => answer.url().includes('/api/audit?') && answer.url().includes('recordType=agent'),
      );
      await filters.getByRole('button', { name: texts.search }).click();
      expect((await listed).url()).toMatch(/at=.+&at=/);
      const records = page.getByRole('region', { name: texts.changes });
      const row = records
        .getByRole('row')
        .filter({ hasText: texts.edited })
        .filter({ has: page.getByRole('cell', { name: String(agent.id), exact: true }) });
      await expect(row).toBeVisible();
      await expect(records).not.toContainText(language === 'en' ? 'Water card' : '水卡');
      if (!phone) {
        await row.getByRole('button').first().click();
        const diff = records.getByRole('row').filter({ hasText: texts.rate }).last();
        await expect(diff).toContainText('20.00');
        await expect(diff).toContainText('15.50');
      }
      await page.screenshot({ path: shot(`change-records-${language}`), fullPage: !phone });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  });
}
