import { describe, expect, it } from 'vitest';
import { captchaAnswer, useTestApp } from '../../test/test-app.ts';
import { heartbeat, machineInField, technicianOfAgent } from '../modules/workorders/work-order-fixtures.ts';
import { type ApiSend, SimulatedTechnician } from './simulated-technician.ts';

describe('simulated technician', () => {
  const ctx = useTestApp();

  it('takes a repair order made from a fault to done through the API, one step a round', async () => {
    const { t, admin } = ctx;
    const { agent, machine, gateway } = await machineInField(t, admin);
    const technician = await technicianOfAgent(t, admin, agent);
    await heartbeat(gateway, { tdsOut: 9 });
    await heartbeat(gateway, { tdsOut: 9, faultBits: 1 });
    t.clock.advance(31_000);
    await t.app.scheduler.run('work-orders-from-alarms');

    const send: ApiSend = async (method, url, body, headers) => {
      const answer = await t.app.inject({ method, url, headers, ...(body ? { payload: body } : {}) });
      return { status: answer.statusCode, body: answer.body ? answer.json() : undefined };
    };
    const simulated = new SimulatedTechnician(send, {
      username: technician.username,
      password: 'Tech-pass-1',
      captcha: (uuid) => captchaAnswer(t.database, uuid),
    });
    const stateOf = async () =>
      (await admin('GET', `/api/workOrders?machineId=${machine.id}`)).json().content[0]?.state as string;
    expect(await stateOf()).toBe('ASSIGNED');
    expect(await simulated.round()).toBe(1);
    expect(await stateOf()).toBe('ACCEPTED');
    await simulated.round();
    await simulated.round();
    expect(await stateOf()).toBe('DONE');
    expect(await simulated.round()).toBe(0);
  });
});
