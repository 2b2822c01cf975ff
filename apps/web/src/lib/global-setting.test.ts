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

  it('keeps only the publicity images the server accepts', () => {
    expect(
      sanitizeGlobalSetting({
        publicity: { images: ['/files/a.png', 'javascript:alert(1)', 3, 'https://cdn.example.com/b.jpg', '//x/c.png'] },
      }),
    ).toEqual({ publicity: { images: ['/files/a.png', 'https://cdn.example.com/b.jpg'] } });
    expect(sanitizeGlobalSetting({ publicity: { images: 'not a list' } })).toEqual({});
  });

  it('treats empty, wrong-typed or missing values as absent', () => {
    expect(sanitizeGlobalSetting({ title: '  ', footerTxt: 3, publicity: { body: '' } })).toEqual({});
    expect(sanitizeGlobalSetting({})).toEqual({});
    expect(sanitizeGlobalSetting(null)).toEqual({});
    expect(sanitizeGlobalSetting('<html>')).toEqual({});
    expect(sanitizeGlobalSetting([])).toEqual({});
  });
});
