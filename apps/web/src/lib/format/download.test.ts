import { describe, expect, it } from 'vitest';
import { downloadName } from './download.ts';

describe('downloadName', () => {
  it('is the timestamp, a dash, the name and the extension', () => {
    expect(downloadName('users', 'xlsx', 1737512345678)).toBe('1737512345678-users.xlsx');
    expect(downloadName('log', '.txt', 1)).toBe('1-log.txt');
  });

  it('uses the current time by default', () => {
    const before = Date.now();
    const [stamp] = downloadName('a', 'b').split('-');
    expect(Number(stamp)).toBeGreaterThanOrEqual(before);
  });
});
