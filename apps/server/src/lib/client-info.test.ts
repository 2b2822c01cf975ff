import { describe, expect, it } from 'vitest';
import { addressOf, browserOf } from './client-info.ts';

describe('client info', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge 131 (Windows 10)',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 (Ubuntu)'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mobile Safari 17 (iOS 17.5)',
    ],
    ['curl/8.5.0', 'curl/8.5.0'],
  ])('names the browser and system of %s', (userAgent, expected) => {
    expect(browserOf(userAgent)).toBe(expected);
  });

  it('keeps an unknown user agent short, and nothing for none', () => {
    expect(browserOf('x'.repeat(200))).toHaveLength(60);
    expect(browserOf(undefined)).toBeNull();
  });

  it('names each browser the same however often it is asked, among more browsers than it keeps', () => {
    const firefox = (version: number) =>
      `Mozilla/5.0 (X11; Linux x86_64; rv:${version}.0) Gecko/20100101 Firefox/${version}.0`;
    for (let round = 0; round < 2; round++) {
      for (let version = 1; version <= 1500; version++)
        expect(browserOf(firefox(version))).toBe(`Firefox ${version} (Linux)`);
    }
  });

  it('tells local addresses apart', () => {
    expect(addressOf('192.168.1.20')).toBe('Local network');
    expect(addressOf('8.8.8.8')).toBeNull();
  });
});
