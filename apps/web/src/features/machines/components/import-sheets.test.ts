import { machinesLocales } from '@water/contract/texts/machines';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { importTemplateCsv, secretsCsv } from './import-sheets.ts';

const textsIn = (language: 'en' | 'zh') => {
  const texts = i18next.createInstance();
  void texts.init({
    lng: language,
    resources: { [language]: { translation: { machines: machinesLocales[language] } } },
    initAsync: false,
  });
  return texts.t;
};

const lines = (csv: string) =>
  csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');

describe('the machine import’s sheets', () => {
  it('head the template in the console’s language, with every column the server reads', () => {
    expect(lines(importTemplateCsv(textsIn('zh')))).toEqual(['序列号,型号编码,贴纸编码,IMEI,ICCID,固件,保修截止']);
    expect(lines(importTemplateCsv(textsIn('en')))).toEqual([
      'Serial number,Model code,Sticker code,IMEI,ICCID,Firmware,Warranty end',
    ]);
  });

  it('head the secrets to keep in the console’s language too', () => {
    const machines = [{ id: 1, serialNo: 'WM-1', secret: 's3cret' }];
    expect(lines(secretsCsv(textsIn('zh'), machines))).toEqual(['序列号,密钥', 'WM-1,s3cret']);
  });
});
