import { describe, expect, it } from 'vitest';
import { parseCsv } from './xlsx.ts';

describe('parseCsv', () => {
  it('reads quoted cells, doubled quotes, commas inside quotes and both line endings', () => {
    expect(parseCsv('Serial number,Model code\r\n"WM-1","RO, 400"\n"say ""hi""",x\n')).toEqual([
      ['Serial number', 'Model code'],
      ['WM-1', 'RO, 400'],
      ['say "hi"', 'x'],
    ]);
    expect(parseCsv('a,b')).toEqual([['a', 'b']]);
    expect(parseCsv('')).toEqual([]);
  });
});
