import { describe, expect, it } from 'vitest';
import { sanitizeGlobalSetting } from './global-setting.ts';

describe('sanitizeGlobalSetting', () => {
  it('keeps the overrides and the publicity content', () => {
    expect(
      sanitizeGlobalSetting({
        title: 'Water Co. console',
        footerTxt: '© Water Co.',
        caseNumber: 'ICP 123',
        publicity: { title: 'Notice', body: 'Prices change on 1 May', contact: 'hotline 400' },
        unknown: 1,
      }),
    ).toEqual({
      title: 'Water Co. console',
      footerTxt: '© Water Co.',
      caseNumber: 'ICP 123',
      publicity: { title: 'Notice', body: 'Prices change on 1 May', contact: 'hotline 400' },
    });
  });

  it('treats empty, wrong-typed or missing values as absent', () => {
    expect(sanitizeGlobalSetting({ title: '  ', footerTxt: 3, publicity: { body: '' } })).toEqual({});
    expect(sanitizeGlobalSetting({})).toEqual({});
    expect(sanitizeGlobalSetting(null)).toEqual({});
    expect(sanitizeGlobalSetting('<html>')).toEqual({});
    expect(sanitizeGlobalSetting([])).toEqual({});
  });
});
