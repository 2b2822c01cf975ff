import { type BillRow, wechatBill } from '../apps/server/src/modules/reconciliation/bill-test-fixtures.ts';
import { VirtualMachine } from '../apps/server/src/simulator/virtual-machine.ts';
import { uniqueSuffix } from './support/accounts.ts';
import { sellingMachine } from './support/business.ts';
import { expect, test } from './support/fixtures.ts';
import { fitsScreenWidth, sidewaysOverflow } from './support/shell.ts';
import { openConsole, shot } from './support/sign-in.ts';
import { PAYMENT_NOTIFY_KEY } from './support/test-server.ts';

test.use({ signedIn: true });

const WORDS = {
  en: {
    queue: 'Discrepancies',
    upload: 'Import a statement',
    import: 'Import',
    imported: 'Statement imported',
    amountDiffers: 'Amount differs',
    resolve: 'Resolve',
    note: 'What was found and done',
    resolved: 'Resolved',
    state: 'State',
    all: 'All',
    search: 'Search',
    filters: 'Filters',
    imports: 'Imported statements',
  },
  zh: {
    queue: '差异',
    upload: '导入对账单',
    import: '导入',
    imported: '对账单已导入',
    amountDiffers: '金额不符',
    resolve: '处理',
    note: '核查结果与处理',
    resolved: '已处理',
    state: '处理状态',
    all: '全部',
    search: '搜索',
    filters: '筛选',
    imports: '已导入对账单',
  },
} as const;

for (const language of ['en', 'zh'] as const) {
  test.describe(`reconciliation in ${language}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'zh-CN' });

    test(`finance imports WeChat Pay's statement of today, sees the one row whose amount differs and resolves it (${language}) @phone`, async ({
      page,
      admin,
      testServer,
    }) => {
      test.setTimeout(120_000);
      const words = WORDS[language];
      const suffix = uniqueSuffix();
      const { serialNo, secret } = await sellingMachine(admin, suffix);
      const machine = new VirtualMachine(testServer.baseURL, { serialNo, secret }, PAYMENT_NOTIFY_KEY);
      const sold = [];
      for (const requestedMl of [2000, 5000, 3000]) sold.push(await machine.sell({ channel: 'WECHAT', requestedMl }));
      // The channel's statement of these sales, as WeChat Pay publishes it: one amount a fen off.
      const rows: BillRow[] = [];
      for (const [index, order] of sold.entries()) {
        const detail = await (await admin.get(`api/orders/${order.orderNo}`)).json();
        rows.push({
          kind: 'PAYMENT',
          orderNo: order.orderNo,
          channelRef: `4200${order.orderNo}`,
          amount: detail.paid + (index === 1 ? 1 : 0),
          done: true,
          fee: Math.round((detail.paid * 6) / 1000),
          time: detail.paidTime,
        });
      }
      const day = (rows[0]?.time ?? '').slice(0, 10);
      const differing = sold[1]?.orderNo ?? '';

      await openConsole(page, '/finance/reconciliation', language === 'en' ? 'en' : 'zh-CN');
      await page.getByRole('button', { name: words.upload }).click();
      const dialog = page.getByRole('dialog', { name: language === 'en' ? /daily statement/ : /日对账单/ });
      const dayField = dialog.getByRole('textbox').first();
      await dayField.click();
      await dayField.fill(day);
      await dayField.press('Enter');
      await dialog.locator('input[type=file]').setInputFiles({
        name: `All_${day.replaceAll('-', '')}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(wechatBill(rows)),
      });
      await page.screenshot({ path: shot(`reconciliation-upload-${language}`) });
      await dialog.getByRole('button', { name: words.import, exact: true }).click();
      await expect(page.getByText(words.imported)).toBeVisible();

      // The queue shows this import's open discrepancies: the order whose amount differs.
      const queue = page.getByRole('region', { name: words.queue });
      const row = queue.getByRole('row', { name: new RegExp(differing) });
      await expect(row).toContainText(words.amountDiffers);
      await expect(row).toContainText(language === 'en' ? 'CN¥' : '¥');
      for (const other of [sold[0]?.orderNo, sold[2]?.orderNo]) await expect(queue).not.toContainText(other ?? '-');
      await expect(queue.locator('.ant-spin-spinning')).toHaveCount(0);
      await page.screenshot({ path: shot(`reconciliation-${language}`) });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      await row.getByRole('button', { name: `${words.resolve} ${differing}` }).click();
      const resolving = page.getByRole('dialog', { name: new RegExp(differing) });
      expect(await fitsScreenWidth(page, resolving)).toBe(true);
      await resolving.getByLabel(words.note).fill('WeChat Pay charged a fen more; refunded it to the customer');
      await resolving.getByRole('button', { name: words.resolve, exact: true }).click();
      await expect(page.getByText(words.resolved, { exact: true }).first()).toBeVisible();
      await expect(queue).not.toContainText(differing);

      // Shown again among the resolved ones, with its note.
      const resolvedOnes = await admin.get('api/reconciliation/discrepancies', { blurry: differing });
      expect((await resolvedOnes.json()).content).toMatchObject([
        { orderNo: differing, class: 'AMOUNT_DIFFERS', state: 'RESOLVED', channelAmount: rows[1]?.amount },
      ]);
      await page.getByRole('tab', { name: words.imports }).click();
      const imports = page.getByRole('region', { name: words.imports });
      await expect(imports).toContainText(day);
      await expect(imports.locator('.ant-spin-spinning')).toHaveCount(0);
      await page.screenshot({ path: shot(`reconciliation-imports-${language}`) });
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  });
}
