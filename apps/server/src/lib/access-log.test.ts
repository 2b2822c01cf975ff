import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchedLines } from './access-log.ts';

/** A line as long as an access line, numbered. */
const line = (n: number) => `{"level":30,"n":${n},"path":"/api/dictDetail?dictName=user_status&page=0&size=9999"}\n`;
const numbers = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((one) => JSON.parse(one).n as number);
const count = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('the log written in batches', () => {
  let dir: string;
  let file: string;
  let fd: number;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'water-log-'));
    file = path.join(dir, 'log');
    fd = openSync(file, 'w');
  });
  afterEach(async () => {
    closeSync(fd);
    await rm(dir, { recursive: true, force: true });
  });

  it('writes every line, in order, by the time flush calls back', async () => {
    const log = new BatchedLines(fd);
    // Several batches, the last one partly filled.
    for (const n of count(1000)) log.write(line(n));
    await new Promise<void>((resolve, reject) => log.flush((error) => (error ? reject(error) : resolve())));
    expect(numbers(readFileSync(file, 'utf8'))).toEqual(count(1000));
  });

  it('writes a lone line within a quarter of a second, unasked', async () => {
    const log = new BatchedLines(fd);
    log.write(line(1));
    await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 600, interval: 25 }).toBe(line(1));
  });

  it('writes what waits before the process exits', () => {
    const script = `
      import { bufferedStdout } from ${JSON.stringify(path.join(import.meta.dirname, 'access-log.ts'))};
      const out = bufferedStdout();
      for (let n = 0; n < 5000; n++) out.write(${JSON.stringify(line(0))}.replace(':0,', ':' + n + ','));
      process.exit(0);
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(numbers(output)).toEqual(count(5000));
  });
});
