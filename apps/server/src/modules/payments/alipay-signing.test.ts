import { describe, expect, it } from 'vitest';
import { alipaySignedText, chinaTime, fromChinaTime, rawJsonMember } from './alipay-signing.ts';

describe('Alipay signing pieces', () => {
  it('signs the parameters with a value, sorted by name, unencoded', () => {
    const params = { method: 'alipay.trade.query', app_id: '2021', sign: 'x', biz_content: '{"a":"b&c=d"}', empty: '' };
    expect(alipaySignedText(params, ['sign'])).toBe('app_id=2021&biz_content={"a":"b&c=d"}&method=alipay.trade.query');
  });

  it('takes the raw text of an answer member, braces and quotes in its strings included', () => {
    const member = '{"code":"10000","msg":"Success","subject":"水 {5L} \\"冷\\"","nested":{"a":"}"}}';
    const text = `{"alipay_trade_query_response" : ${member},"sign":"abc"}`;
    expect(rawJsonMember(text, 'alipay_trade_query_response')).toBe(member);
    expect(rawJsonMember(text, 'alipay_trade_refund_response')).toBeUndefined();
    expect(
      rawJsonMember('{"alipay_trade_query_response":{"code":"1000', 'alipay_trade_query_response'),
    ).toBeUndefined();
  });

  it('writes and reads China time whatever the server’s zone', () => {
    const moment = new Date('2026-11-26T16:30:05Z');
    expect(chinaTime(moment)).toBe('2026-11-27 00:30:05');
    expect(fromChinaTime('2026-11-27 00:30:05')).toEqual(moment);
    expect(fromChinaTime('2026-11-27 00:30:05.320')).toEqual(new Date('2026-11-26T16:30:05.320Z'));
    for (const text of ['2026-11-27', '2026-11-27T00:30:05', '2026-13-45 99:99:99', undefined])
      expect(fromChinaTime(text)).toBeUndefined();
  });
});
