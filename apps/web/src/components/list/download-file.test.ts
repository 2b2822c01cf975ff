import { describe, expect, it } from 'vitest';
import { downloadName, exportFileName, fileNameFromDisposition } from './download-file.ts';

describe('export file names', () => {
  it('come from the server’s Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="1763712000000-users.xlsx"')).toBe('1763712000000-users.xlsx');
    expect(fileNameFromDisposition('attachment; filename=1763712000000-jobs.xlsx')).toBe('1763712000000-jobs.xlsx');
    expect(
      fileNameFromDisposition(`attachment; filename="x.xlsx"; filename*=UTF-8''1763712000000-%E7%94%A8%E6%88%B7.xlsx`),
    ).toBe('1763712000000-用户.xlsx');
  });

  it('never carry a directory part', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
    expect(fileNameFromDisposition('attachment; filename="C:\\temp\\a.xlsx"')).toBe('a.xlsx');
  });

  it('fall back to <timestamp>-<name>.xlsx', () => {
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
    expect(fileNameFromDisposition('attachment')).toBeUndefined();
    expect(exportFileName(null, 'users', 1763712000000)).toBe('1763712000000-users.xlsx');
    expect(exportFileName('attachment; filename="1-menus.xlsx"', 'users', 5)).toBe('1-menus.xlsx');
  });

  it('are the timestamp, a dash, the name and the extension', () => {
    expect(downloadName('log', '.txt', 1)).toBe('1-log.txt');
  });
});
