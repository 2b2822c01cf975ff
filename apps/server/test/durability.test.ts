import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACKS_PER_ROUND, crashRepeatedly } from './durability.ts';
import { stopAllServers } from './server-process.ts';

describe('the embedded database under SIGKILL', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'water-crash-'));
  });
  afterAll(async () => {
    stopAllServers();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('restarts after every kill, some while starting, and keeps every write it acknowledged', async () => {
    const figures = await crashRepeatedly({ DATA_DIR: dataDir }, 20);
    console.log('PGlite crash test:', JSON.stringify(figures));
    expect(figures.acknowledgedWrites).toBeGreaterThanOrEqual(
      (figures.kills - figures.killsDuringStartUp) * ACKS_PER_ROUND,
    );
  }, 600_000);
});
