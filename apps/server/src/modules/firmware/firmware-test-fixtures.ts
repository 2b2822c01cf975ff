import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { activeAgent, unique } from '../../../test/business-fixtures.ts';
import { uploadAs } from '../../../test/file-fixtures.ts';
import type { Caller, TestApp } from '../../../test/test-app.ts';

export interface FirmwareMachine {
  id: number;
  serialNo: string;
  secret: string;
}

/** `count` machines of a model registered and allocated to a new agent: they speak to the gateway. */
export async function allocatedMachines(admin: Caller, modelId: number, count: number): Promise<FirmwareMachine[]> {
  const agent = await activeAgent(admin, unique('Firmware agent '), { quota: count + 10 });
  const made: FirmwareMachine[] = [];
  const register = async () => {
    const registered = await admin('POST', '/api/machines', { serialNo: unique('FW'), modelId });
    expect(registered.statusCode, registered.body).toBe(201);
    const { machine, secret } = registered.json() as { machine: { id: number; serialNo: string }; secret: string };
    return { id: machine.id, serialNo: machine.serialNo, secret };
  };
  for (let at = 0; at < count; at += 10) {
    made.push(...(await Promise.all(Array.from({ length: Math.min(10, count - at) }, register))));
  }
  const allocated = await admin('POST', '/api/machines/allocate', {
    machineIds: made.map((machine) => machine.id),
    agentId: agent.id,
  });
  expect(allocated.statusCode, allocated.body).toBe(200);
  return made;
}

/** A firmware file: random bytes, and their SHA-256. */
export function firmwareFile(size = 4096) {
  const bytes = randomBytes(size);
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** Uploads a package of the model as the administrator. */
export async function uploadPackage(
  t: TestApp,
  adminToken: string,
  modelId: number,
  version: string,
  bytes = firmwareFile().bytes,
  headers: Record<string, string> = {},
) {
  return uploadAs(
    t,
    adminToken,
    `/api/firmware/packages?modelId=${modelId}&version=${encodeURIComponent(version)}&notes=Fixes+the+flow+meter`,
    `water-${version}.bin`,
    bytes,
    'file',
    headers,
  );
}
