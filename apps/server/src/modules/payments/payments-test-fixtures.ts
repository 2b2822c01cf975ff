import type { PaymentChannel } from '@water/contract/payments';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  activeAgent,
  flatPrice,
  type MachineCaller,
  machineCaller,
  machineModel,
  operatingMachine,
  siteOf,
  unique,
} from '../../../test/business-fixtures.ts';
import { type Caller, callerFor, createTestApp, type TestApp, tokenOf } from '../../../test/test-app.ts';
import { orders } from '../orders/orders.read-model.ts';
import type { ChannelNotification } from './payment-driver.ts';

/**
 * The real app, listening on a loopback port (the sandbox notifies it over HTTP as a channel
 * would), with the notifications it received kept as they arrived, and a machine selling at
 * 50 fen a litre.
 */
export async function paymentsApp() {
  const received: { channel: string; notification: ChannelNotification }[] = [];
  const t: TestApp = await createTestApp({ AUTH_RATE_LIMIT: '1000' }, (app) => {
    app.addHook('preHandler', async (request) => {
      const match = /^\/api\/payments\/notify\/(\w+)/.exec(request.url);
      if (match?.[1]) {
        received.push({
          channel: match[1],
          notification: { headers: { ...request.headers }, rawBody: request.rawBody ?? '' },
        });
      }
    });
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const admin = callerFor(t, await tokenOf(t));
  const agent = await activeAgent(admin, unique('Payments '), { quota: 50 });
  const site = await siteOf(admin, agent.id);
  const model = await machineModel(admin);
  const machine = await operatingMachine(admin, { modelId: model.id, agentId: agent.id, siteId: site.id });
  await flatPrice(admin, 50);
  const call: MachineCaller = machineCaller(t, machine);

  /** A machine's sale of 2 L (100 fen) to be paid through a channel. */
  async function sale(channel: PaymentChannel, requestedMl = 2000) {
    const machineOrderNo = unique('P');
    const made = await call('POST', '/gateway/v1/orders', {
      machineOrderNo,
      tap: 1,
      waterType: 'COLD',
      requestedMl,
      channel,
    });
    expect(made.statusCode, made.body).toBe(201);
    return { machineOrderNo, orderNo: made.json().orderNo as string, payable: made.json().payable as number, channel };
  }
  type Sale = Awaited<ReturnType<typeof sale>>;

  /** The payment of a sale started as the public page starts it. */
  const start = (order: Sale, openid?: string) =>
    t.app.payments.start(
      { orderNo: order.orderNo, channel: order.channel, amountFen: order.payable as never, description: '纯净水 2 L' },
      { clientIp: '203.0.113.7', returnUrl: `/m/TESTCODE?order=${order.orderNo}`, ...(openid && { openid }) },
    );

  const notify = (channel: 'wechat' | 'alipay', notification: ChannelNotification) =>
    t.app.inject({
      method: 'POST',
      url: `/api/payments/notify/${channel}`,
      // WeChat Pay posts JSON; the fakes' notifications name only their signature headers.
      headers: { 'content-type': 'application/json', ...(notification.headers as Record<string, string>) },
      payload: notification.rawBody,
    });

  const detail = async (order: Sale) => {
    const answer = await admin('GET', `/api/orders/${order.orderNo}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  };

  const memberIdOf = async (order: Sale) =>
    (await t.database.db.select({ memberId: orders.memberId }).from(orders).where(eq(orders.orderNo, order.orderNo)))[0]
      ?.memberId;

  const useDrivers = async (settings: object) => {
    const saved = await admin('PUT', '/api/payments/channels', settings);
    expect(saved.statusCode, saved.body).toBe(204);
  };

  return { t, admin, agent, call, received, sale, start, notify, detail, memberIdOf, useDrivers };
}

export type PaymentsApp = Awaited<ReturnType<typeof paymentsApp>>;
export type { Caller };
