import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { machineCaller, machineModel } from '../../../test/business-fixtures.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { allocatedMachines, type FirmwareMachine, firmwareFile, uploadPackage } from './firmware-test-fixtures.ts';

interface MachineCommand {
  commandId: string;
  type: string;
  params: { updateId: string; version: string; size: number; sha256: string; url: string };
}

describe('firmware packages', () => {
  const ctx = useTestApp();
  let modelId: number;
  let otherModelId: number;

  beforeAll(async () => {
    modelId = (await machineModel(ctx.admin)).id;
    otherModelId = (await machineModel(ctx.admin)).id;
  });

  it('keeps an upload with the SHA-256 the server computed, once per model and version', async () => {
    const { bytes, sha256 } = firmwareFile(5000);
    const uploaded = await uploadPackage(ctx.t, ctx.adminToken, modelId, '2.1.0', bytes);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({
      modelId,
      version: '2.1.0',
      sha256,
      size: 5000,
      fileName: 'water-2.1.0.bin',
      notes: 'Fixes the flow meter',
      inUse: false,
      createBy: 'admin',
    });

    const again = await uploadPackage(ctx.t, ctx.adminToken, modelId, '2.1.0');
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([
      expect.objectContaining({
        field: 'version',
        code: 'taken',
        message: 'version 2.1.0 of this model is already uploaded',
      }),
    ]);
    // Another model may have the same version.
    expect((await uploadPackage(ctx.t, ctx.adminToken, otherModelId, '2.1.0')).statusCode).toBe(201);

    const listed = (await ctx.admin('GET', `/api/firmware/packages?modelId=${modelId}`)).json();
    expect(listed.content.map((row: { version: string }) => row.version)).toEqual(['2.1.0']);
  });

  it('refuses an empty file, a bad version and an unknown model', async () => {
    expect(
      (await uploadPackage(ctx.t, ctx.adminToken, modelId, '3.0', Buffer.alloc(0))).json().errors[0],
    ).toMatchObject({ field: 'file' });
    expect((await uploadPackage(ctx.t, ctx.adminToken, modelId, 'bad version')).statusCode).toBe(400);
    expect((await uploadPackage(ctx.t, ctx.adminToken, 99999, '3.0')).statusCode).toBe(404);
  });

  it('deletes a package no rollout takes, and refuses one a rollout takes, in both languages', async () => {
    const unused = (await uploadPackage(ctx.t, ctx.adminToken, modelId, '0.9')).json();
    expect((await ctx.admin('DELETE', `/api/firmware/packages/${unused.id}`)).statusCode).toBe(200);
    expect((await ctx.admin('DELETE', `/api/firmware/packages/${unused.id}`)).statusCode).toBe(404);

    const taken = (await uploadPackage(ctx.t, ctx.adminToken, modelId, '1.0')).json();
    const [machine] = await allocatedMachines(ctx.admin, modelId, 1);
    const rollout = await ctx.admin('POST', '/api/firmware/rollouts', {
      packageId: taken.id,
      machineIds: [machine?.id],
    });
    expect(rollout.statusCode, rollout.body).toBe(201);
    const refused = await ctx.admin('DELETE', `/api/firmware/packages/${taken.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Firmware 1.0 is taken by rollout ${rollout.json().id}: it cannot be deleted`);
    const chinese = await ctx.admin('DELETE', `/api/firmware/packages/${taken.id}`, undefined, {
      'accept-language': 'zh-CN',
    });
    expect(chinese.json().message).toBe(`固件 1.0 已被发布 ${rollout.json().id} 使用，不能删除`);
    const listed = (await ctx.admin('GET', `/api/firmware/packages?modelId=${modelId}`)).json().content;
    expect(listed.find((row: { id: number }) => row.id === taken.id)).toMatchObject({ inUse: true });
  });

  it('refuses a rollout to a machine of another model', async () => {
    const pkg = (await uploadPackage(ctx.t, ctx.adminToken, modelId, '1.1')).json();
    const [other] = await allocatedMachines(ctx.admin, otherModelId, 1);
    const refused = await ctx.admin('POST', '/api/firmware/rollouts', { packageId: pkg.id, machineIds: [other?.id] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      field: 'machineIds',
      message: expect.stringContaining(`machine ${other?.serialNo} is not of the package’s model`),
    });
  });
});

describe('a firmware update on its machine', () => {
  const ctx = useTestApp({ FIRMWARE_UPDATE_TIMEOUT: '10m' });
  const file = firmwareFile(3000);
  let machine: FirmwareMachine;
  let other: FirmwareMachine;
  let rolloutId: number;
  let command: MachineCommand;

  const beat = async (who: FirmwareMachine) => {
    const answer = await machineCaller(ctx.t, who)('POST', '/gateway/v1/heartbeat', {});
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().commands as MachineCommand[];
  };
  const report = (who: FirmwareMachine, body: object) =>
    machineCaller(ctx.t, who)('POST', '/gateway/v1/firmware/progress', body);
  const download = (url: string, headers: Record<string, string> = {}) =>
    ctx.t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    const modelId = (await machineModel(ctx.admin)).id;
    [machine, other] = (await allocatedMachines(ctx.admin, modelId, 2)) as [FirmwareMachine, FirmwareMachine];
    const pkg = (await uploadPackage(ctx.t, ctx.adminToken, modelId, '5.0.1', file.bytes)).json();
    const started = await ctx.admin('POST', '/api/firmware/rollouts', { packageId: pkg.id, machineIds: [machine.id] });
    expect(started.statusCode, started.body).toBe(201);
    rolloutId = started.json().id;
    [command] = (await beat(machine)).filter((sent) => sent.type === 'FIRMWARE_UPDATE') as [MachineCommand];
  });

  it('reaches the machine as a FIRMWARE_UPDATE command with the version, size, SHA-256 and a download link', () => {
    expect(command.params).toMatchObject({ version: '5.0.1', size: 3000, sha256: file.sha256 });
    expect(command.params.url).toMatch(
      new RegExp(`^/gateway/v1/firmware/\\d+/${machine.serialNo}\\?expires=\\d+&signature=[0-9a-f]{64}$`),
    );
  });

  it('downloads through the signed link, whole or by range', async () => {
    const whole = await download(command.params.url);
    expect(whole.statusCode).toBe(200);
    expect(createHash('sha256').update(whole.rawPayload).digest('hex')).toBe(file.sha256);
    const part = await download(command.params.url, { range: 'bytes=1000-' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 1000-2999/3000');
    expect(part.rawPayload.equals(file.bytes.subarray(1000))).toBe(true);
  });

  it('refuses a tampered link, another machine’s and an expired one with 403, no session needed', async () => {
    const url = new URL(command.params.url, 'http://x');
    const signature = url.searchParams.get('signature') as string;
    const tampered = command.params.url.replace(
      signature,
      `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`,
    );
    const refusals = [
      await download(tampered),
      await download(command.params.url.replace(machine.serialNo, other.serialNo)),
      await download(command.params.url.replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 1}`)),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ status: 403, code: 'SIGNATURE_INVALID' });
    }
    ctx.t.clock.advance(11 * 60_000);
    const expired = await download(command.params.url);
    expect(expired.statusCode).toBe(403);
    ctx.t.clock.advance(-11 * 60_000);
  });

  it('takes the machine’s reports once each, refuses another machine’s, and sets its firmware on success', async () => {
    const updateId = command.params.updateId;
    const downloading = await report(machine, { updateId, stage: 'DOWNLOADING', percent: 40 });
    expect(downloading.json()).toEqual({ updateId, state: 'DOWNLOADING', percent: 40 });
    expect((await report(machine, { updateId, stage: 'DOWNLOADING', percent: 40 })).json()).toEqual(downloading.json());
    const stranger = await report(other, { updateId, stage: 'SUCCEEDED' });
    expect(stranger.statusCode).toBe(404);
    expect((await report(machine, { updateId, stage: 'INSTALLING' })).json()).toMatchObject({ state: 'INSTALLING' });
    // A late report changes nothing.
    expect((await report(machine, { updateId, stage: 'DOWNLOADING', percent: 90 })).json()).toMatchObject({
      state: 'INSTALLING',
    });
    const done = await report(machine, { updateId, stage: 'SUCCEEDED' });
    expect(done.json()).toEqual({ updateId, state: 'SUCCEEDED', percent: 100 });
    expect((await report(machine, { updateId, stage: 'SUCCEEDED' })).json()).toEqual(done.json());
    expect((await report(machine, { updateId, stage: 'FAILED', error: 'late' })).statusCode).toBe(409);

    expect((await ctx.admin('GET', `/api/machines/${machine.id}`)).json().firmware).toBe('5.0.1');
    const rollout = (await ctx.admin('GET', `/api/firmware/rollouts/${rolloutId}`)).json();
    expect(rollout).toMatchObject({ state: 'COMPLETED', total: 1, counts: { SUCCEEDED: 1 } });
    // The only package of its model: there is nothing to roll back to.
    const rollback = await ctx.admin('PUT', `/api/firmware/rollouts/${rolloutId}/rollback`);
    expect(rollback.statusCode).toBe(409);
    expect(rollback.json().message).toMatch(
      /^No firmware of .* was uploaded before 5\.0\.1: there is nothing to roll back to$/,
    );
    const history = (await ctx.admin('GET', `/api/machines/${machine.id}/firmware-updates`)).json();
    expect(history.content).toEqual([
      expect.objectContaining({ updateId, version: '5.0.1', state: 'SUCCEEDED', percent: 100, fromVersion: null }),
    ]);
  });
});

describe('firmware links where the server knows its address (GATEWAY_URL)', () => {
  const ctx = useTestApp({ GATEWAY_URL: 'https://water.example.com/' });

  it('are absolute, on that address, and download like paths', async () => {
    const modelId = (await machineModel(ctx.admin)).id;
    const [machine] = (await allocatedMachines(ctx.admin, modelId, 1)) as [FirmwareMachine];
    const file = firmwareFile(2000);
    const pkg = (await uploadPackage(ctx.t, ctx.adminToken, modelId, '6.0.0', file.bytes)).json();
    expect(
      (await ctx.admin('POST', '/api/firmware/rollouts', { packageId: pkg.id, machineIds: [machine.id] })).statusCode,
    ).toBe(201);
    const answer = await machineCaller(ctx.t, machine)('POST', '/gateway/v1/heartbeat', {});
    const [command] = (answer.json().commands as MachineCommand[]).filter((sent) => sent.type === 'FIRMWARE_UPDATE');
    const link = new URL(command?.params.url as string);
    expect(link.origin).toBe('https://water.example.com');
    expect(link.pathname).toBe(`/gateway/v1/firmware/${pkg.id}/${machine.serialNo}`);
    const whole = await ctx.t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(whole.statusCode).toBe(200);
    expect(createHash('sha256').update(whole.rawPayload).digest('hex')).toBe(file.sha256);
  });
});
