import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeAgent, machineModel, operatingMachine, siteOf, staffOf } from '../../../test/business-fixtures.ts';
import { uploadAs } from '../../../test/file-fixtures.ts';
import { type Caller, callerFor, tokenOf, useTestApp } from '../../../test/test-app.ts';
import { ledgerAccounts } from '../ledger/ledger.schema.ts';
import { createLedgerService } from '../ledger/ledger.service.ts';
import { menuIdsFor, roleId, userBody } from '../users/test-fixtures.ts';
import { alipayDetail, type BillRow, gbkBytes, wechatBill } from './bill-test-fixtures.ts';
import { createReconciliationService } from './reconciliation.service.ts';
import { plannedDay } from './test-fixtures.ts';

const CLASSES = ['AMOUNT_DIFFERS', 'STATE_DIFFERS', 'OURS_ONLY', 'CHANNEL_ONLY'] as const;
const PLAN = {
  orders: 2000,
  amountDiffers: 7,
  stateDiffers: 5,
  oursOnly: 11,
  channelOnly: 13,
  refunds: 40,
  refundsPending: 3,
};

describe('reconciliation with the payment channels', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let machine: { id: number; agentId: number; siteId: number };
  let agentDeptId: number;

  const upload = (
    channel: string,
    day: string,
    name: string,
    content: Buffer | string,
    token = ctx.adminToken,
    headers = {},
  ) =>
    uploadAs(
      ctx.t,
      token,
      `/api/reconciliation/imports?channel=${channel}&day=${day}`,
      name,
      typeof content === 'string' ? Buffer.from(content) : content,
      'file',
      headers,
    );
  const balance = async (code: string) => {
    const [row] = await ctx.t.database.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, code));
    return row?.balance ?? 0;
  };
  const discrepancies = async (query: string) =>
    (await admin('GET', `/api/reconciliation/discrepancies?size=200&${query}`)).json() as {
      content: { id: number; class: string; orderNo: string; state: string; note: string | null }[];
      totalElements: number;
    };
  const plan = (channel: 'WECHAT' | 'ALIPAY', day: string, tag: string) =>
    plannedDay(ctx.t.database.db, { channel, day, machine, plan: PLAN, tag });

  beforeAll(async () => {
    const agent = await activeAgent(admin, 'Statement Agent');
    agentDeptId = agent.deptId;
    const site = await siteOf(admin, agent.id);
    const made = await operatingMachine(admin, {
      modelId: (await machineModel(admin)).id,
      agentId: agent.id,
      siteId: site.id,
    });
    machine = { id: made.id, agentId: agent.id, siteId: site.id };
  });

  it('classifies every row of a WeChat Pay trade bill against our orders and refunds, and counts each class exactly', async () => {
    const day = '2026-03-02';
    const planned = await plan('WECHAT', day, 'W');
    const answer = await upload('WECHAT', day, 'All_20260302.csv', wechatBill(planned.rows));
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      channel: 'WECHAT',
      day,
      format: 'WECHAT_TRADE_BILL',
      encoding: 'UTF-8',
      rows: planned.rows.length,
      matched: planned.expected.MATCHED,
      amountDiffers: planned.expected.AMOUNT_DIFFERS,
      stateDiffers: planned.expected.STATE_DIFFERS,
      oursOnly: planned.expected.OURS_ONLY,
      channelOnly: planned.expected.CHANNEL_ONLY,
      open: 39,
      fees: planned.fees,
      refundedTotal: planned.refunded,
      imports: 1,
    });
    const id = answer.json().id as number;
    for (const name of CLASSES) {
      expect((await discrepancies(`importId=${id}&class=${name}`)).totalElements, name).toBe(planned.expected[name]);
    }
    // The known answer, number by number: the first orders' amounts differ, the next were closed unpaid.
    const amounts = await discrepancies(`importId=${id}&class=AMOUNT_DIFFERS&sort=day,asc`);
    expect(amounts.content.map((row) => row.orderNo).sort()).toEqual(
      Array.from({ length: 7 }, (_, n) => `20260302W${String(n + 1).padStart(8, '0')}`),
    );
    const states = (await discrepancies(`importId=${id}&class=STATE_DIFFERS`)).content;
    expect(states.filter((row) => row.orderNo <= '20260302W00000012')).toHaveLength(5);
  });

  it('books the day’s fees and settled refunds once, and only the difference when the day is imported again', async () => {
    const day = '2026-03-03';
    const planned = await plan('WECHAT', day, 'F');
    const fees = await balance('CHANNEL_FEES:WECHAT');
    const payable = await balance('REFUNDS_PAYABLE:WECHAT');
    const receivable = await balance('CHANNEL_RECEIVABLE:WECHAT');
    const file = wechatBill(planned.rows);
    expect((await upload('WECHAT', day, 'bill.csv', file)).statusCode).toBe(201);
    expect(await balance('CHANNEL_FEES:WECHAT')).toBe(fees + planned.fees);
    expect(await balance('REFUNDS_PAYABLE:WECHAT')).toBe(payable + planned.refunded);
    expect(await balance('CHANNEL_RECEIVABLE:WECHAT')).toBe(receivable - planned.fees - planned.refunded);

    const again = await upload('WECHAT', day, 'bill.csv', file);
    expect(again.json()).toMatchObject({ imports: 2, matched: planned.expected.MATCHED, open: 39 });
    expect(await balance('CHANNEL_FEES:WECHAT')).toBe(fees + planned.fees);
    expect(await balance('REFUNDS_PAYABLE:WECHAT')).toBe(payable + planned.refunded);

    // The channel corrected one row's fee: only the fen it added is booked.
    const corrected: BillRow[] = planned.rows.map((row, index) => (index === 0 ? { ...row, fee: row.fee + 5 } : row));
    expect((await upload('WECHAT', day, 'bill.csv', wechatBill(corrected))).json().fees).toBe(planned.fees + 5);
    expect(await balance('CHANNEL_FEES:WECHAT')).toBe(fees + planned.fees + 5);
    expect(await balance('CHANNEL_RECEIVABLE:WECHAT')).toBe(receivable - planned.fees - 5 - planned.refunded);
    // One posting of the day: re-imports add to it, never a second one.
    const imports = (
      await admin('GET', '/api/reconciliation/imports?channel=WECHAT&day=2026-03-03&day=2026-03-03')
    ).json();
    expect(imports.totalElements).toBe(1);
  });

  it('reads Alipay’s business detail in GBK, as downloaded, with the same known answer', async () => {
    const day = '2026-03-04';
    const planned = await plan('ALIPAY', day, 'A');
    const bytes = gbkBytes(alipayDetail(planned.rows, day));
    expect(bytes.includes(Buffer.from('业务明细'))).toBe(false);
    const answer = await upload('ALIPAY', day, '20880000000000000156_20260304_业务明细.csv', bytes);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      format: 'ALIPAY_BUSINESS_DETAIL',
      encoding: 'GBK',
      rows: planned.rows.length,
      matched: planned.expected.MATCHED,
      amountDiffers: planned.expected.AMOUNT_DIFFERS,
      stateDiffers: planned.expected.STATE_DIFFERS,
      oursOnly: planned.expected.OURS_ONLY,
      channelOnly: planned.expected.CHANNEL_ONLY,
      fees: planned.fees,
      refundedTotal: planned.refunded,
    });
    // The same statement in UTF-8 reads the same.
    const utf8 = await upload('ALIPAY', day, 'detail.csv', alipayDetail(planned.rows, day));
    expect(utf8.json()).toMatchObject({ encoding: 'UTF-8', matched: planned.expected.MATCHED, imports: 2 });
  });

  it('resolves a discrepancy with a note, once; a re-import keeps the resolution; the period close counts the open ones', async () => {
    const day = '2026-03-05';
    const planned = await plan('WECHAT', day, 'Q');
    const file = wechatBill(planned.rows);
    expect((await upload('WECHAT', day, 'bill.csv', file)).statusCode).toBe(201);
    const open = async () =>
      (await admin('GET', `/api/reconciliation/open-discrepancies?firstDay=${day}&lastDay=${day}`)).json().open;
    expect(await open()).toBe(39);
    const [first] = (await discrepancies(`day=${day}&day=${day}&class=OURS_ONLY`)).content;
    const resolved = await admin('PUT', `/api/reconciliation/discrepancies/${first?.id}/resolve`, {
      note: 'Paid at the till after the cut-off: in the next day’s statement',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ state: 'RESOLVED', resolvedBy: 'admin' });
    expect(await open()).toBe(38);
    const twice = await admin('PUT', `/api/reconciliation/discrepancies/${first?.id}/resolve`, { note: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'STATE_CONFLICT', state: 'RESOLVED', event: 'RESOLVE' });
    const blank = await admin('PUT', `/api/reconciliation/discrepancies/${first?.id}/resolve`, { note: '   ' });
    expect(blank.statusCode).toBe(400);

    expect((await upload('WECHAT', day, 'bill.csv', file)).json()).toMatchObject({ open: 38 });
    const kept = (await discrepancies(`day=${day}&day=${day}&state=RESOLVED`)).content;
    expect(kept).toMatchObject([{ orderNo: first?.orderNo, note: expect.stringContaining('Paid at the till') }]);

    // What the ledger's close asks, through the service it is given.
    const db = ctx.t.database.db;
    const service = createReconciliationService(
      { db, clock: ctx.t.clock },
      { ledger: createLedgerService({ db, clock: ctx.t.clock }) },
    );
    expect(await service.openDiscrepancies('2026-03-05', '2026-03-31')).toBe(38);
    expect(await service.openDiscrepancies('2026-03-06', '2026-03-31')).toBe(0);
    expect(await service.openDiscrepancies('2026-02-01', '2026-03-05')).toBeGreaterThan(38);

    // Finance cannot close a period that holds them: the refusal counts them, in the asked language.
    const close = await admin('POST', '/api/ledger/periods', { period: '2026-03' }, { 'accept-language': 'zh-CN' });
    expect(close.statusCode).toBe(409);
    expect(close.json().message).toContain('未处理的对账差异');
    expect((await admin('GET', '/api/ledger/periods')).json()).toEqual([]);
  });

  it('exports the discrepancies of the filter, in the console’s language', async () => {
    const response = await admin('GET', '/api/reconciliation/discrepancies/download?class=CHANNEL_ONLY', undefined, {
      'accept-language': 'zh-CN',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
  });

  describe('refuses files it cannot reconcile, in the request’s language, and stores nothing', () => {
    const day = '2026-03-06';
    let rows: BillRow[];
    beforeAll(async () => {
      rows = (await plan('WECHAT', day, 'B')).rows;
    });
    const refused = async (channel: string, name: string, content: string | Buffer, field = 'file') => {
      const english = await upload(channel, day, name, content);
      expect(english.statusCode, english.body).toBe(400);
      expect(english.json().errors[0].field).toBe(field);
      const chinese = await upload(channel, day, name, content, ctx.adminToken, { 'accept-language': 'zh-CN' });
      expect(chinese.json().message).toMatch(/[\u4e00-\u9fff]/);
      return { en: english.json().message as string, zh: chinese.json().message as string };
    };

    it('tells what is wrong with each', async () => {
      const fees = await balance('CHANNEL_FEES:WECHAT');
      expect((await refused('WECHAT', 'notes.csv', 'name,amount\nwater,1.00\n')).en).toContain(
        'is not a statement we read',
      );
      expect((await refused('ALIPAY', 'bill.csv', wechatBill(rows))).en).toContain(
        'is a WeChat Pay trade bill, not a statement of Alipay',
      );
      const log =
        '#支付宝账务明细查询\n账务流水号,业务流水号,商户订单号,商品名称,发生时间,对方账号,收入金额（+元）,支出金额（-元）\n';
      expect((await refused('ALIPAY', 'log.csv', log)).en).toContain('account log');
      const cut = wechatBill(rows).split('\r\n');
      cut.splice(5, 2);
      expect((await refused('WECHAT', 'cut.csv', cut.join('\r\n'))).en).toContain('the file may be cut off');
      const other = await upload('WECHAT', '2026-03-09', 'bill.csv', wechatBill(rows));
      expect(other.json().message).toContain('holds no row of 2026-03-09');
      const bad = wechatBill(rows).replace(`\`${(rows[0]!.amount / 100).toFixed(2)},`, '`1,0.0x,');
      expect((await refused('WECHAT', 'bad.csv', bad)).en).toMatch(/line 2: .* is not an amount in yuan/);
      expect((await refused('WECHAT', 'sheet.xlsx', Buffer.from([0x50, 0x4b, 3, 4, 0xff, 0xfe, 0]))).zh).toContain(
        '不是可识别的对账单',
      );
      const wrongDay = await admin('POST', '/api/reconciliation/imports?channel=WECHAT&day=2026-02-30');
      expect(wrongDay.statusCode).toBe(400);
      // Nothing was stored or booked.
      expect((await admin('GET', `/api/reconciliation/imports?day=${day}&day=${day}`)).json().totalElements).toBe(0);
      expect(await balance('CHANNEL_FEES:WECHAT')).toBe(fees);
    });
  });

  describe('who may reconcile', () => {
    it('lets the seeded Finance role import, list and resolve', async () => {
      const finance = await staffOf(ctx.t, admin, agentDeptId, 'Finance');
      expect((await finance('GET', '/api/reconciliation/imports')).json().totalElements).toBeGreaterThan(0);
    });

    it('gives agents’ staff nothing: no permission, and a role that grants one still reaches no platform data', async () => {
      const manager = await staffOf(ctx.t, admin, agentDeptId, 'Agent manager');
      expect((await manager('GET', '/api/reconciliation/imports')).statusCode).toBe(403);
      expect((await manager('GET', '/api/reconciliation/discrepancies')).statusCode).toBe(403);

      const menus = await menuIdsFor(ctx.t, ['reconcile:list', 'reconcile:import', 'reconcile:resolve']);
      await admin('POST', '/api/roles', { name: 'Agent reconciler', level: 3, dataScope: '本级及以下', menus });
      const body = userBody(agentDeptId, await roleId(ctx.t, 'Agent reconciler'), { password: 'Reconcile-pass-1' });
      expect((await admin('POST', '/api/users', body)).statusCode).toBe(201);
      const token = await tokenOf(ctx.t, body.username, 'Reconcile-pass-1');
      const agentStaff = callerFor(ctx.t, token);
      expect((await agentStaff('GET', '/api/reconciliation/imports')).json()).toEqual({
        content: [],
        totalElements: 0,
      });
      expect((await agentStaff('GET', '/api/reconciliation/discrepancies')).json().totalElements).toBe(0);
      const [any] = (await discrepancies('state=OPEN')).content;
      expect(
        (await agentStaff('PUT', `/api/reconciliation/discrepancies/${any?.id}/resolve`, { note: 'x' })).statusCode,
      ).toBe(404);
      const upload403 = await upload('WECHAT', '2026-03-02', 'bill.csv', 'x', token);
      expect(upload403.statusCode).toBe(403);
      expect(upload403.json().message).toContain('only staff whose data scope is unrestricted');
      expect((await ctx.user('GET', '/api/reconciliation/imports')).statusCode).toBe(403);
    });
  });
});

describe('reconciliation upload limit', () => {
  const ctx = useTestApp({ UPLOAD_MAX_MB: '1' });

  it('refuses a statement over the limit with 413, in both languages', async () => {
    const big = Buffer.alloc(1024 * 1024 + 10, 'a');
    const send = (language: string) =>
      uploadAs(
        ctx.t,
        ctx.adminToken,
        '/api/reconciliation/imports?channel=WECHAT&day=2026-03-02',
        'big.csv',
        big,
        'file',
        {
          'accept-language': language,
        },
      );
    const english = await send('en');
    expect(english.statusCode).toBe(413);
    expect(english.json().message).toBe('the statement is larger than 1 MB');
    expect((await send('zh-CN')).json().message).toBe('对账单超过 1 MB');
  });
});
