import { beforeAll, describe, expect, it } from 'vitest';
import { roleId, userBody } from '../src/modules/users/test-fixtures.ts';
import { activeAgent, machineModel, operatingMachine, siteOf } from './business-fixtures.ts';
import { type Caller, useTestApp } from './test-app.ts';

const CHINESE = { 'accept-language': 'zh-CN,zh;q=0.9' };

/**
 * The console's refusals, asked for in Chinese: the message in Chinese (seeded names too), the
 * code and the field as in English; the same request in English reads as it always did.
 */
describe('refusals in the language of the request', () => {
  const ctx = useTestApp();
  const admin: Caller = (...args) => ctx.admin(...args);
  let agent: { id: number; name: string };
  let site: { id: number; name: string };
  let modelId: number;

  beforeAll(async () => {
    agent = await activeAgent(admin, 'Refusing Agent');
    site = await siteOf(admin, agent.id);
    modelId = (await machineModel(admin)).id;
    await operatingMachine(admin, { modelId, agentId: agent.id, siteId: site.id });
  });

  it('keeps a site that still has machines, saying so in Chinese', async () => {
    const chinese = await admin('DELETE', '/api/sites', [site.id], CHINESE);
    expect(chinese.statusCode).toBe(400);
    expect(chinese.json()).toMatchObject({
      code: 'RULE_VIOLATED',
      message: `「${site.name}」仍有设备：有设备的点位不能删除`,
    });
    const english = await admin('DELETE', '/api/sites', [site.id]);
    expect(english.json().message).toBe(`Machines stand at "${site.name}": a site with machines stays`);
  });

  it('keeps an agent that holds machines and a model in use, in Chinese', async () => {
    const terminate = await admin('PUT', `/api/agents/${agent.id}/review`, { action: 'FREEZE' }, CHINESE);
    expect(terminate.statusCode, terminate.body).toBe(200);
    const ended = await admin('PUT', `/api/agents/${agent.id}/review`, { action: 'TERMINATE' }, CHINESE);
    expect(ended.json().message).toBe(`「${agent.name}」仍持有 1 台设备，请先召回`);
    const model = await admin('DELETE', '/api/machine-models', [modelId], CHINESE);
    expect(model.json().message).toMatch(/^仍有设备属于型号「M-.+」：使用中的型号不能删除$/);
  });

  it('names seeded roles in Chinese and says what is wrong with a field in Chinese', async () => {
    const held = await admin('DELETE', '/api/roles', [await roleId(ctx.t, 'User')], CHINESE);
    expect(held.json().message).toBe('角色「普通用户」仍有 1 个用户在使用，请先取消他们的该角色再删除');
    const english = await admin('DELETE', '/api/roles', [await roleId(ctx.t, 'User')]);
    expect(english.json().message).toBe('The role "User" is held by 1 user; take it away from them before deleting it');

    const taken = await admin('POST', '/api/users', userBody(1, 1, { username: 'test' }), CHINESE);
    expect(taken.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'username：「test」已被占用',
      errors: [{ field: 'username', code: 'taken', message: '「test」已被占用', params: { value: 'test' } }],
    });
    const missing = await admin('PUT', '/api/job', { id: 999_999, name: 'Nobody', jobSort: 1, enabled: true }, CHINESE);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: '没有 ID 为 999999 的岗位' });
  });
});
