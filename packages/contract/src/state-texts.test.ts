import { describe, expect, it } from 'vitest';
import { AGENT_STATE_MACHINE } from './agents.ts';
import { ALARM_STATE_MACHINE } from './alarms.ts';
import { COMMAND_STATE_MACHINE } from './commands.ts';
import { COUPON_STATE_MACHINE, TEMPLATE_STATE_MACHINE } from './coupons.ts';
import { ROLLOUT_STATE_MACHINE, UPDATE_STATE_MACHINE } from './firmware.ts';
import { MACHINE_STATE_MACHINE } from './machines.ts';
import { ORDER_STATE_MACHINE, REFUND_STATE_MACHINE } from './orders.ts';
import { DISCREPANCY_STATE_MACHINE } from './reconciliation.ts';
import type { StateMachine } from './state-machine.ts';
import { TASK_STATE_MACHINE } from './tasks.ts';
import { TEXT_CATALOG, textAt } from './texts/catalog.ts';
import { WITHDRAWAL_STATE_MACHINE } from './withdrawals.ts';
import { WORK_ORDER_STATE_MACHINE } from './work-orders.ts';

const MACHINES: StateMachine<string, string>[] = [
  ORDER_STATE_MACHINE,
  REFUND_STATE_MACHINE,
  COUPON_STATE_MACHINE,
  TEMPLATE_STATE_MACHINE,
  MACHINE_STATE_MACHINE,
  AGENT_STATE_MACHINE,
  ALARM_STATE_MACHINE,
  WITHDRAWAL_STATE_MACHINE,
  DISCREPANCY_STATE_MACHINE,
  COMMAND_STATE_MACHINE,
  ROLLOUT_STATE_MACHINE,
  UPDATE_STATE_MACHINE,
  WORK_ORDER_STATE_MACHINE,
  TASK_STATE_MACHINE,
];

describe('state tables in words', () => {
  it('name every object and label every state in both languages, for the refusals the server writes', () => {
    const missing: string[] = [];
    for (const machine of MACHINES) {
      for (const [language, texts] of Object.entries(TEXT_CATALOG)) {
        if (typeof textAt(texts, machine.texts.object) !== 'string')
          missing.push(`${language} ${machine.texts.object}`);
        for (const state of machine.states) {
          const key = `${machine.texts.states}.${state}`;
          if (typeof textAt(texts, key) !== 'string') missing.push(`${language} ${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
