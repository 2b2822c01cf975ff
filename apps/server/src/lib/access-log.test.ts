import { spawn } from 'node:child_process';
import { once } from 'node:events';
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

  it('writes what waits before the process exits, in order, with the thread pool busy and a slow reader', async () => {
    // Every thread of the pool busy hashing (as zlib, DNS or file work can keep it) while the
    // lines come and the process exits.
    const { code, output } = await runSlowlyRead(`
      import { pbkdf2 } from 'node:crypto';
      for (let n = 0; n < 4; n++) pbkdf2('secret', 'salt', 300000, 32, 'sha256', () => {});
      const out = bufferedStdout();
      for (let n = 0; n < 5000; n++) out.write(numbered(n));
      process.exit(0);
    `);
    expect(code).toBe(0);
    expect(numbers(output)).toEqual(count(5000));
  });

  it('goes on serving while its output has no room, and writes everything once read', async () => {
    // Printing to standard output makes a pipe non-blocking, as the server's banner does.
    const { code, output, report } = await runSlowlyRead(`
      process.stdout.write('');
      const out = bufferedStdout();
      let n = 0;
      let writing = 0;
      const timer = setInterval(() => {
        const start = performance.now();
        for (let k = 0; k < 100; k++) out.write(numbered(n++));
        writing += performance.now() - start;
        if (n < 20000) return;
        clearInterval(timer);
        process.stderr.write(JSON.stringify({ writing }));
        process.exit(0);
      }, 5);
    `);
    expect(code).toBe(0);
    expect(numbers(output)).toEqual(count(20000));
    // Waiting for room would have taken about as long as the reader was away (1.5 s).
    expect(JSON.parse(report).writing).toBeLessThan(400);
  });

  it('drops lines beyond what it may hold for an unread output, and says how much', async () => {
    // The output is read only once every line is written, however slowly the process starts.
    const { code, output } = await runSlowlyRead(
      `
      const out = new BatchedLines(1, { heldBytes: 64 * 1024 });
      for (let n = 0; n < 20000; n++) out.write(numbered(n));
      process.stderr.write('written\\n', () => process.exit(0));
    `,
      'written',
    );
    expect(code).toBe(0);
    const lines = output
      .split('\n')
      .filter(Boolean)
      .map((one) => JSON.parse(one));
    // A notice follows each run of dropped lines, once the output had room again: the last line is one.
    const notices = lines.filter((one) => one.level === 40);
    expect(lines.at(-1)).toMatchObject({ level: 40 });
    for (const notice of notices) {
      expect(notice).toMatchObject({
        msg: expect.stringMatching(/^the log's output had no room: \d+ bytes of lines dropped$/),
      });
    }
    const kept = lines.filter((one) => one.level !== 40).map((one) => one.n as number);
    // The lines kept come whole and in order, from the first; the others were dropped, not
    // waited for (which ones depends on when the pipe had room), and the notices count them.
    expect(kept[0]).toBe(0);
    expect(kept.every((n, index) => index === 0 || n > (kept[index - 1] as number))).toBe(true);
    expect(kept.length).toBeLessThan(20000);
    const keptSet = new Set(kept);
    const droppedBytes = count(20000)
      .filter((n) => !keptSet.has(n))
      .reduce((sum, n) => sum + Buffer.byteLength(line(n)), 0);
    const counted = notices.reduce((sum, notice) => sum + Number(/(\d+) bytes/.exec(notice.msg)?.[1]), 0);
    expect(counted).toBe(droppedBytes);
  });
});

/**
 * Runs `script` (an ES module given `bufferedStdout`, `BatchedLines` and `numbered(n)`) in a
 * process whose standard output is read only after a second and a half (and, with `until`, once
 * the process has said so on its standard error): the pipe fills meanwhile.
 */
async function runSlowlyRead(script: string, until?: string) {
  const prelude = `
    import { BatchedLines, bufferedStdout } from ${JSON.stringify(path.join(import.meta.dirname, 'access-log.ts'))};
    const numbered = (n) => ${JSON.stringify(line(0))}.replace(':0,', ':' + n + ',');
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', prelude + script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pause();
  let report = '';
  child.stderr.on('data', (chunk: Buffer) => {
    report += chunk.toString('utf8');
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  while (until !== undefined && !report.includes(until) && child.exitCode === null) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stdout.resume();
  const [code] = await once(child, 'close');
  return { code, output: Buffer.concat(chunks).toString('utf8'), report };
}
